import { describe, expect, it } from 'vitest'
import { countersOf } from '../../server/provisioning/incus/metrics.js'
import { cgroupDir, netDevTotals, statValue } from '../../server/provisioning/podman/metrics.js'

describe('podman counters', () => {
  const procCgroup = [
    '9:name=systemd:/libpod_parent/libpod-abc/init.scope',
    '4:memory:/libpod_parent/libpod-abc',
    '2:cpuacct:/libpod_parent/libpod-abc',
    '1:cpu:/libpod_parent/libpod-abc',
  ].join('\n')

  it('finds the container cgroup of each controller, joined or apart', () => {
    expect(cgroupDir(procCgroup, 'cpuacct')).toBe('/sys/fs/cgroup/cpuacct/libpod_parent/libpod-abc')
    expect(cgroupDir(procCgroup, 'memory')).toBe('/sys/fs/cgroup/memory/libpod_parent/libpod-abc')
    expect(cgroupDir('3:cpu,cpuacct:/x', 'cpuacct')).toBe('/sys/fs/cgroup/cpu,cpuacct/x')
    expect(cgroupDir('0::/x', 'memory')).toBeUndefined()
  })

  it('reads a value of memory.stat', () => {
    const stat = 'cache 10\ninactive_file 4\ntotal_inactive_file 7\n'
    expect(statValue(stat, 'total_inactive_file')).toBe(7)
    expect(statValue(stat, 'missing')).toBe(0)
  })

  it('sums every interface but loopback from /proc/<pid>/net/dev', () => {
    const netDev = [
      'Inter-|   Receive                                                |  Transmit',
      ' face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed',
      '    lo:    2000      40    0    0    0     0          0         0     2000      40    0    0    0     0       0          0',
      '  eth0:     610       7    0    0    0     0          0         0      430       5    0    0    0     0       0          0',
      '  eth1:     390       3    0    0    0     0          0         0      470       5    0    0    0     0       0          0',
    ].join('\n')
    expect(netDevTotals(netDev)).toEqual({ rx: 1000, tx: 900 })
  })
})

describe('incus counters', () => {
  it('reads cpu, memory, root disk and the NICs but loopback from an instance state', () => {
    const state = {
      status: 'Running',
      cpu: { usage: 5e9 },
      memory: { usage: 1024 },
      disk: { root: { usage: 4096 } },
      network: {
        lo: { type: 'loopback', counters: { bytes_received: 99, bytes_sent: 99 } },
        eth0: { type: 'broadcast', counters: { bytes_received: 10, bytes_sent: 20 } },
        eth1: { type: 'broadcast', counters: { bytes_received: 1, bytes_sent: 2 } },
      },
    }
    expect(countersOf(state, 7)).toEqual({
      at: 7,
      cpuNs: 5e9,
      memoryBytes: 1024,
      diskBytes: 4096,
      rxBytes: 11,
      txBytes: 22,
    })
  })

  it('leaves out a stopped instance, and says null for a disk it cannot measure', () => {
    expect(countersOf({ status: 'Stopped' }, 1)).toBeUndefined()
    expect(countersOf({ status: 'Running' }, 1)?.diskBytes).toBeNull()
  })
})
