/* SPDX-License-Identifier: Apache-2.0
 * TURBODIGEST_CPU: src/cpu.c compiled into this program, its probe replaced
 * by a feature set the input gives (first 4 bytes), the variable set to the
 * rest of the input (up to its first NUL byte). Its cache is emptied for each
 * input, so that every call parses the variable again. The features it
 * leaves, as bits and as td_cpu_features()'s text, must be those of the
 * tests' model (tests/cpu_model.h: cm_apply, cm_text), and never an
 * instruction set the probe did not report.
 *
 * This target reaches into cpu.c (its feature table, cache and parser are
 * static there): the library it links then goes without its own copy.
 */
#include "fuzz.h"
#include "cpu_model.h"

#include "../../src/cpu.c"

enum { MAX_ENV = FZ_MAX_ENV };

static uint32_t probe_result;

// cpu.c defines the probe itself where no backend needs one: there it
// reports nothing, whatever the input says.
#if defined(__x86_64__) || defined(_M_X64) || defined(__i386__) || defined(_M_IX86) || \
    defined(__aarch64__) || defined(_M_ARM64)
#define HAVE_OWN_PROBE 1
uint32_t td_cpu_probe(void)
{
    return probe_result;
}
#else
#define HAVE_OWN_PROBE 0
#endif

#define N_FEATURES (sizeof feature_names / sizeof feature_names[0])

// Library bits to the model's word set, and back.
static uint32_t to_words(uint32_t bits)
{
    uint32_t set = 0;
    for (size_t i = 0; i < N_FEATURES; i++) {
        const int w = cm_word_index(feature_names[i].name, strlen(feature_names[i].name));
        FZ_CHECK(w >= 0, "cpu.c names \"%s\", which the tests' model does not know",
                 feature_names[i].name);
        if (bits & feature_names[i].bit)
            set |= 1u << w;
    }
    return set;
}

static uint32_t to_bits(uint32_t words)
{
    uint32_t bits = 0;
    for (size_t i = 0; i < N_FEATURES; i++)
        if (words & (1u << cm_word_index(feature_names[i].name, strlen(feature_names[i].name))))
            bits |= feature_names[i].bit;
    return bits;
}

static int set_env(const char *value)
{
    static fz_env var = { "TURBODIGEST_CPU", "" };
    return fz_set_env(&var, value);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    fz_in in = { data, size };
    uint32_t known = 0;
    for (size_t i = 0; i < N_FEATURES; i++)
        known |= feature_names[i].bit;
    uint32_t probe = 0;
    for (int i = 0; i < 4; i++)
        probe = probe << 8 | fz_u8(&in);
    probe &= HAVE_OWN_PROBE ? known : 0;

    static char env[MAX_ENV + 1];
    size_t n;
    const uint8_t *text = fz_take(&in, MAX_ENV, &n);
    memcpy(env, text, n);
    env[n] = '\0';
    fz_what = env;
    FZ_CHECK(set_env(env), "setting TURBODIGEST_CPU");

    // A first use again: the probe, then the variable.
    probe_result = probe;
    TD_ATOMIC_STORE(&cpu_mask, 0);
    TD_ATOMIC_STORE(&features_state, 0);
    const uint32_t got = td_cpu_features_mask();
    const uint32_t want = to_bits(cm_apply(env, to_words(probe)));
    FZ_CHECK(got == want, "probe 0x%x: the library leaves 0x%x, the model 0x%x", (unsigned)probe,
             (unsigned)got, (unsigned)want);
    FZ_CHECK((got & ~probe & ~(uint32_t)TD_CPU_TRAITS) == 0,
             "probe 0x%x: 0x%x has an instruction set the probe did not report", (unsigned)probe,
             (unsigned)got);

    char text_want[512];
    cm_text(cm_apply(env, to_words(probe)), text_want, sizeof text_want);
    const char *text_got = td_cpu_features();
    FZ_CHECK(strcmp(text_got, text_want) == 0, "td_cpu_features() \"%s\", the model \"%s\"",
             text_got, text_want);
    FZ_CHECK(td_cpu_features() == text_got, "td_cpu_features() moved");
    return 0;
}
