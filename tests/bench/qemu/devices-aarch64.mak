# Devices of rxscale's QEMU build for aarch64-softmmu (configure
# --with-devices-aarch64=rxscale). With --without-default-devices only what
# is listed here, and what it selects, is compiled in.

# The virt board: GICv3 with ITS, PCIe host bridge, PL011, platform bus.
CONFIG_ARM_VIRT=y
# target/arm links the v7M NVIC helpers in any case
CONFIG_ARM_V7M=y
# GICv3 (and its ITS) emulated under TCG
CONFIG_ARM_GICV3_TCG=y
CONFIG_SEMIHOSTING=y
CONFIG_ARM_COMPATIBLE_SEMIHOSTING=y

# Stock NICs: virtio-net-pci is the bench's peer (and its DUT until a
# project model exists); e1000e is a second stock PCIe DUT.
CONFIG_VIRTIO_PCI=y
CONFIG_VIRTIO_NET=y
CONFIG_E1000E_PCI_EXPRESS=y
CONFIG_PCIE_PORT=y

# The project's device models (tests/bench/models/*.c), one symbol each
# (tests/bench/qemu/Kconfig.rxscale): the RTL8127 on PCIe, the MT7988 frame
# engine and the RZ/G2L GbEth on the virt board's platform bus.
CONFIG_RXSCALE_RTL8127=y
CONFIG_RXSCALE_MT7988=y
CONFIG_RXSCALE_RZG2L_GBETH=y
