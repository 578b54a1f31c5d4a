# x86 instruction-set objects: one td_add_isa() per instruction set, each with
# a probe that the compiler must build before the backend is compiled in.
# The CPU bits a backend needs at run time are in its row in src/dispatch.c.
