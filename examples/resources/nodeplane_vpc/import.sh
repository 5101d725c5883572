# A VPC is imported by its id.
terraform import nodeplane_vpc.backend 0b9f6a2e-5b43-4d7e-9a51-2f3c1d0e4a77
