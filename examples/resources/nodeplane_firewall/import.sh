# A firewall is imported by its id.
terraform import nodeplane_firewall.web fw_slkfxcooeqieiqiv5emy
