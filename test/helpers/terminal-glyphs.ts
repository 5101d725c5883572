/**
 * What the Console tab's terminal paints, read from pixels: a character can be in xterm.js's
 * DOM and still not drawn (the underscore once fell below its cell), so tests look at a
 * screenshot of the character's cell.
 * @module
 */
import type { Page } from 'playwright-core'

export interface Box {
  x: number
  y: number
  width: number
  height: number
}

/**
 * The cell of the character at `index` in the first terminal row whose text is `text`: the
 * character's width, the row's height (what the terminal gives each line).
 */
export async function cellOf(page: Page, text: string, index: number): Promise<Box> {
  const box = await page.evaluate(
    ([text, index]) => {
      const rows = [...document.querySelectorAll<HTMLElement>('#terminal .xterm-rows > div')]
      const row = rows.find((candidate) => candidate.textContent?.trimEnd() === text)
      if (!row) return undefined
      // The row's text nodes in order, to find the one holding the character.
      const walker = document.createTreeWalker(row, NodeFilter.SHOW_TEXT)
      let offset = index
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const length = node.textContent!.length
        if (offset >= length) {
          offset -= length
          continue
        }
        const range = document.createRange()
        range.setStart(node, offset)
        range.setEnd(node, offset + 1)
        const char = range.getBoundingClientRect()
        const line = row.getBoundingClientRect()
        return { x: char.x, y: line.y, width: char.width, height: line.height }
      }
      return undefined
    },
    [text, index] as const
  )
  if (!box) throw new Error(`no terminal row reads ${JSON.stringify(text)}`)
  return box
}

/**
 * How many pixels of `box` on the page are light (the terminal draws light on black): none
 * when nothing is painted there. The screenshot is decoded by a blank page's canvas.
 */
export async function lightPixels(page: Page, box: Box): Promise<number> {
  const png = await page.screenshot({ clip: box })
  const decoder = await page.context().newPage()
  try {
    return await decoder.evaluate(async (base64) => {
      const image = new Image()
      image.src = `data:image/png;base64,${base64}`
      await image.decode()
      const canvas = document.createElement('canvas')
      canvas.width = image.width
      canvas.height = image.height
      const context = canvas.getContext('2d')!
      context.drawImage(image, 0, 0)
      const { data } = context.getImageData(0, 0, image.width, image.height)
      let light = 0
      for (let i = 0; i < data.length; i += 4)
        if (data[i]! + data[i + 1]! + data[i + 2]! > 300) light++
      return light
    }, png.toString('base64'))
  } finally {
    await decoder.close()
  }
}

/** How far xterm.js's element reaches past its container (#terminal), below and right. */
export function terminalOverflow(page: Page): Promise<{ bottom: number; right: number }> {
  return page.evaluate(() => {
    const outer = document.querySelector('#terminal')!.getBoundingClientRect()
    const inner = document.querySelector('#terminal .xterm')!.getBoundingClientRect()
    return { bottom: inner.bottom - outer.bottom, right: inner.right - outer.right }
  })
}
