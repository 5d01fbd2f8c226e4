/*
 * rxscale bench: count the guest's executed instructions and report the
 * running total whenever the guest executes a marker instruction.
 *
 * The bench measures a driver's cost per received packet under TCG, where
 * wall-clock time measures the emulator: the instructions the emulated CPUs
 * execute between two points of a scenario do not depend on the host's
 * load. The guest marks a point by executing HINT #127 (rxs-mark, built by
 * tests/bench/tools/rxs-mark.sh); that encoding is unallocated and executes
 * as a NOP (Arm ARM, "HINT": unallocated hints behave as NOP; QEMU's
 * translate-a64.c handle_hint default case), so outside the bench it does
 * nothing.
 *
 * Counting: with one vCPU an inline add of the block's instruction count
 * at the start of each translated block (cheap, exact but for a block left
 * early by an exception, which counts whole); with several vCPUs a
 * per-block callback into the vCPU's own counter (inline ops are not
 * atomic across vCPU threads, qemu-plugin.h). The report is the sum over
 * all vCPUs: kernel, user space and every process alike; idle time costs
 * nothing (a halted vCPU executes no instructions).
 *
 * Arguments: out=FILE (required): one line per marker executed,
 *   "mark SEQ VCPU TOTAL", SEQ counting from 0, VCPU the one that executed
 *   it; "end TOTAL" at exit. With several vCPUs each line then lists every
 *   vCPU's own count, vCPU 0 first.
 * pages=FILE (optional): the instructions executed per 4 KiB page of the
 *   kernel's half of the address space (TTBR1, top 16 bits set), so that a
 *   scenario can count one module's instructions (its text pages are its
 *   own: execmem hands each module whole pages). At each marker "mark SEQ",
 *   then "PAGE COUNT" (hex page address, decimal running total, all vCPUs)
 *   for every page executed so far. A block is counted whole on the page it
 *   starts on (a block never spans more than two pages, and module text
 *   starts on a page boundary). Costs a callback per kernel block.
 *
 * SPDX-License-Identifier: GPL-2.0-or-later
 */
#include <inttypes.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <qemu-plugin.h>

QEMU_PLUGIN_EXPORT int qemu_plugin_version = QEMU_PLUGIN_VERSION;

/* HINT #127: 0xd503201f | 127 << 5 */
#define RXS_MARK_INSN 0xd5032fffu

static FILE *out;
static FILE *pages_out;
static uint64_t single_count;    /* smp_vcpus == 1: inline adds */
static uint64_t *vcpu_count;     /* smp_vcpus > 1: one per vCPU */
static int n_vcpus;
static unsigned int mark_seq;

static uint64_t total_insns(void)
{
    uint64_t sum = single_count;
    int i;

    if (vcpu_count) {
        for (i = 0; i < n_vcpus; i++) {
            sum += __atomic_load_n(&vcpu_count[i], __ATOMIC_RELAXED);
        }
    }
    return sum;
}

static void vcpu_tb_exec(unsigned int vcpu_index, void *udata)
{
    uint64_t *c = &vcpu_count[vcpu_index];

    /* only this vCPU's thread writes its counter */
    __atomic_store_n(c, *c + (uintptr_t)udata, __ATOMIC_RELAXED);
}

static void print_vcpus(void)
{
    int i;

    for (i = 0; vcpu_count && i < n_vcpus; i++) {
        fprintf(out, " %" PRIu64,
                __atomic_load_n(&vcpu_count[i], __ATOMIC_RELAXED));
    }
    fputc('\n', out);
}

/*
 * Per-page counters: open addressing on the page number, inserted at
 * translation time (under page_lock: translations of several vCPUs may
 * run at once), added to atomically at execution time.
 */
#define RXS_PAGE_SLOTS (1u << 17)
#define RXS_KERNEL_VA 0xffff000000000000ull

struct rxs_page {
    uint64_t page;      /* vaddr >> 12, 0 = free slot */
    uint64_t count;
};

static struct rxs_page *page_tab;
static unsigned int page_used;
static pthread_mutex_t page_lock = PTHREAD_MUTEX_INITIALIZER;

static struct rxs_page *page_slot(uint64_t vaddr)
{
    uint64_t pg = vaddr >> 12;
    unsigned int i = (unsigned int)((pg * 0x9e3779b97f4a7c15ull) >> 47) &
                     (RXS_PAGE_SLOTS - 1);
    struct rxs_page *p = NULL;

    pthread_mutex_lock(&page_lock);
    while (page_tab[i].page && page_tab[i].page != pg) {
        i = (i + 1) & (RXS_PAGE_SLOTS - 1);
    }
    if (page_tab[i].page == pg) {
        p = &page_tab[i];
    } else if (page_used < RXS_PAGE_SLOTS / 2) {
        page_used++;
        page_tab[i].page = pg;
        p = &page_tab[i];
    }
    pthread_mutex_unlock(&page_lock);
    return p;
}

/* One per translated kernel block (QEMU 7.2 tells no plugin when a block is freed) */
struct rxs_tb_page {
    struct rxs_page *p;
    uint64_t n;
};

static void vcpu_page_exec(unsigned int vcpu_index, void *udata)
{
    struct rxs_tb_page *t = udata;

    __atomic_fetch_add(&t->p->count, t->n, __ATOMIC_RELAXED);
}

static void page_count_tb(struct qemu_plugin_tb *tb, size_t n)
{
    uint64_t vaddr = qemu_plugin_tb_vaddr(tb);
    struct rxs_tb_page *t;
    struct rxs_page *p;

    if (vaddr < RXS_KERNEL_VA) {
        return;
    }
    p = page_slot(vaddr);
    t = p ? malloc(sizeof(*t)) : NULL;
    if (!t) {
        return;     /* table full (checked at exit) or out of memory */
    }
    t->p = p;
    t->n = n;
    qemu_plugin_register_vcpu_tb_exec_cb(tb, vcpu_page_exec,
                                         QEMU_PLUGIN_CB_NO_REGS, t);
}

static void print_pages(unsigned int seq)
{
    unsigned int i;

    fprintf(pages_out, "mark %u\n", seq);
    pthread_mutex_lock(&page_lock);
    for (i = 0; i < RXS_PAGE_SLOTS; i++) {
        uint64_t c = __atomic_load_n(&page_tab[i].count, __ATOMIC_RELAXED);

        if (page_tab[i].page && c) {
            fprintf(pages_out, "%" PRIx64 " %" PRIu64 "\n",
                    page_tab[i].page << 12, c);
        }
    }
    pthread_mutex_unlock(&page_lock);
    fflush(pages_out);
}

static void vcpu_mark_exec(unsigned int vcpu_index, void *udata)
{
    if (pages_out) {
        print_pages(mark_seq);
    }
    fprintf(out, "mark %u %u %" PRIu64, mark_seq++, vcpu_index,
            total_insns());
    print_vcpus();
    fflush(out);
}

static bool insn_is_mark(const struct qemu_plugin_insn *insn)
{
    uint32_t word;

    if (qemu_plugin_insn_size(insn) != sizeof(word)) {
        return false;
    }
    memcpy(&word, qemu_plugin_insn_data(insn), sizeof(word));
    /* the guest is little-endian arm64, as is every host the bench runs on */
    return word == RXS_MARK_INSN;
}

static void vcpu_tb_trans(qemu_plugin_id_t id, struct qemu_plugin_tb *tb)
{
    size_t n = qemu_plugin_tb_n_insns(tb);
    size_t i;

    if (vcpu_count) {
        qemu_plugin_register_vcpu_tb_exec_cb(tb, vcpu_tb_exec,
                                             QEMU_PLUGIN_CB_NO_REGS,
                                             (void *)(uintptr_t)n);
    } else {
        qemu_plugin_register_vcpu_tb_exec_inline(tb, QEMU_PLUGIN_INLINE_ADD_U64,
                                                 &single_count, n);
    }
    if (pages_out) {
        page_count_tb(tb, n);
    }
    for (i = 0; i < n; i++) {
        struct qemu_plugin_insn *insn = qemu_plugin_tb_get_insn(tb, i);

        if (insn_is_mark(insn)) {
            qemu_plugin_register_vcpu_insn_exec_cb(insn, vcpu_mark_exec,
                                                   QEMU_PLUGIN_CB_NO_REGS,
                                                   NULL);
        }
    }
}

static void plugin_exit(qemu_plugin_id_t id, void *p)
{
    fprintf(out, "end %" PRIu64, total_insns());
    print_vcpus();
    fclose(out);
    if (pages_out) {
        if (page_used >= RXS_PAGE_SLOTS / 2) {
            fprintf(pages_out, "error: page table full, counts incomplete\n");
        }
        fclose(pages_out);
    }
}

QEMU_PLUGIN_EXPORT int qemu_plugin_install(qemu_plugin_id_t id,
                                           const qemu_info_t *info,
                                           int argc, char **argv)
{
    const char *path = NULL;
    const char *pages_path = NULL;
    int i;

    for (i = 0; i < argc; i++) {
        if (strncmp(argv[i], "out=", 4) == 0) {
            path = argv[i] + 4;
        } else if (strncmp(argv[i], "pages=", 6) == 0) {
            pages_path = argv[i] + 6;
        } else {
            fprintf(stderr, "rxs_icount: unknown argument '%s'\n", argv[i]);
            return -1;
        }
    }
    if (!path || !info->system_emulation) {
        fprintf(stderr, "rxs_icount: needs out=FILE and system emulation\n");
        return -1;
    }
    out = fopen(path, "w");
    if (!out) {
        perror(path);
        return -1;
    }
    if (pages_path) {
        page_tab = calloc(RXS_PAGE_SLOTS, sizeof(*page_tab));
        pages_out = page_tab ? fopen(pages_path, "w") : NULL;
        if (!pages_out) {
            perror(pages_path);
            fclose(out);
            return -1;
        }
    }
    if (info->system.max_vcpus > 1) {
        n_vcpus = info->system.max_vcpus;
        vcpu_count = calloc(n_vcpus, sizeof(*vcpu_count));
        if (!vcpu_count) {
            fclose(out);
            return -1;
        }
    }
    qemu_plugin_register_vcpu_tb_trans_cb(id, vcpu_tb_trans);
    qemu_plugin_register_atexit_cb(id, plugin_exit, NULL);
    return 0;
}
