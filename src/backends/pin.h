/* SPDX-License-Identifier: Apache-2.0
 * PIN_SCALAR(v), PIN_VECTOR(v): the value v is taken to be in a register at
 * this point and changed there, so the compiler cannot move an operation
 * across it, nor see what v holds. Used to keep partial sums where a round's
 * order puts them (otherwise GCC reassociates additions and one more of them
 * waits for the round's critical input), and on a constant table's address
 * so that its entries stay memory operands instead of being hoisted into
 * registers. No instruction is emitted.
 */
#ifndef TD_BACKENDS_PIN_H
#define TD_BACKENDS_PIN_H

#if defined(__GNUC__)
#define PIN_SCALAR(v) __asm__("" : "+r"(v))
#define PIN_VECTOR(v) __asm__("" : "+v"(v))
#else
#define PIN_SCALAR(v) ((void)0)
#define PIN_VECTOR(v) ((void)0)
#endif

#endif
