/*
 * shim.h: Gumbo (Debian's libgumbo-dev, 0.10.1) with a bounded parse.
 *
 * Gumbo allocates through the functions given in its options and never checks for failure, and it frees its
 * tree recursively (a page of a million nested elements would overflow a stack). So every allocation of one
 * parse goes through an allocator kept here: it links each block into a list, counts the live bytes, and when
 * the parse goes past its memory budget or its deadline it jumps back out of gumbo_parse_with_options (C
 * frames only: the jump never crosses Swift code). Whether the parse ended or was stopped, the whole tree is
 * freed by walking that list, never by gumbo_destroy_output.
 */
#ifndef CGUMBO_SHIM_H
#define CGUMBO_SHIM_H

#include <gumbo.h>
#include <setjmp.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

/* How a bounded parse ended. */
typedef enum {
    CGUMBO_PARSED = 0,
    CGUMBO_OVER_MEMORY = 1,
    CGUMBO_OVER_TIME = 2,
    CGUMBO_OUT_OF_MEMORY = 3
} cgumbo_status;

/* The header before every block: the list links and the size, 32 bytes so the block stays 16-byte aligned. */
typedef struct cgumbo_block {
    struct cgumbo_block *previous;
    struct cgumbo_block *next;
    size_t size;
    size_t padding;
} cgumbo_block;

/* One parse's allocator state, its limits and how it ended. */
typedef struct {
    cgumbo_block *blocks;
    size_t live_bytes;
    size_t peak_bytes;
    size_t memory_limit;
    struct timespec deadline;
    unsigned allocations;
    cgumbo_status status;
    jmp_buf escape;
} cgumbo_parse;

static inline int cgumbo_past_deadline(const cgumbo_parse *parse) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > parse->deadline.tv_sec
        || (now.tv_sec == parse->deadline.tv_sec && now.tv_nsec >= parse->deadline.tv_nsec);
}

static void *cgumbo_allocate(void *userdata, size_t size) {
    cgumbo_parse *parse = (cgumbo_parse *)userdata;
    /* The clock is read every 64 allocations: each element and each attribute allocates, so a parse that
       spends its time elsewhere (deep nesting makes each start tag walk the open elements) is still caught. */
    if ((++parse->allocations & 63) == 0 && cgumbo_past_deadline(parse)) {
        parse->status = CGUMBO_OVER_TIME;
        longjmp(parse->escape, 1);
    }
    if (size > parse->memory_limit || parse->live_bytes > parse->memory_limit - size) {
        parse->status = CGUMBO_OVER_MEMORY;
        longjmp(parse->escape, 1);
    }
    cgumbo_block *block = (cgumbo_block *)malloc(sizeof(cgumbo_block) + size);
    if (block == NULL) {
        parse->status = CGUMBO_OUT_OF_MEMORY;
        longjmp(parse->escape, 1);
    }
    block->size = size;
    block->previous = NULL;
    block->next = parse->blocks;
    if (parse->blocks != NULL) parse->blocks->previous = block;
    parse->blocks = block;
    parse->live_bytes += size;
    if (parse->live_bytes > parse->peak_bytes) parse->peak_bytes = parse->live_bytes;
    return (void *)(block + 1);
}

static void cgumbo_deallocate(void *userdata, void *pointer) {
    if (pointer == NULL) return;
    cgumbo_parse *parse = (cgumbo_parse *)userdata;
    cgumbo_block *block = ((cgumbo_block *)pointer) - 1;
    if (block->previous != NULL) block->previous->next = block->next;
    else parse->blocks = block->next;
    if (block->next != NULL) block->next->previous = block->previous;
    parse->live_bytes -= block->size;
    free(block);
}

/* Starts a parse state: `memory_limit` bytes live at most, `seconds` of wall-clock time from now. */
static inline void cgumbo_parse_init(cgumbo_parse *parse, size_t memory_limit, double seconds) {
    parse->blocks = NULL;
    parse->live_bytes = 0;
    parse->peak_bytes = 0;
    parse->memory_limit = memory_limit;
    parse->allocations = 0;
    parse->status = CGUMBO_PARSED;
    clock_gettime(CLOCK_MONOTONIC, &parse->deadline);
    if (seconds < 0) seconds = 0;
    time_t whole = (time_t)seconds;
    long nanoseconds = (long)((seconds - (double)whole) * 1e9);
    parse->deadline.tv_sec += whole;
    parse->deadline.tv_nsec += nanoseconds;
    if (parse->deadline.tv_nsec >= 1000000000L) {
        parse->deadline.tv_sec += 1;
        parse->deadline.tv_nsec -= 1000000000L;
    }
}

/* Parses `length` bytes of UTF-8; NULL when the parse was stopped (see `parse->status`). Never inlined, so that
   setjmp's frame is this C function's and not a Swift caller's. */
__attribute__((noinline)) static GumboOutput *cgumbo_parse_bounded(cgumbo_parse *parse, const char *buffer, size_t length) {
    GumboOptions options = kGumboDefaultOptions;
    options.allocator = cgumbo_allocate;
    options.deallocator = cgumbo_deallocate;
    options.userdata = parse;
    options.max_errors = 0;
    if (setjmp(parse->escape) != 0) return NULL;
    return gumbo_parse_with_options(&options, buffer, length);
}

/* Frees every block the parse still holds: its whole tree, or what a stopped parse left. */
static inline void cgumbo_parse_release(cgumbo_parse *parse) {
    cgumbo_block *block = parse->blocks;
    while (block != NULL) {
        cgumbo_block *next = block->next;
        free(block);
        block = next;
    }
    parse->blocks = NULL;
    parse->live_bytes = 0;
}

/* The children of an element, template or document node (Swift cannot reach into the union's vector easily). */
static inline const GumboVector *cgumbo_children(const GumboNode *node) {
    if (node->type == GUMBO_NODE_DOCUMENT) return &node->v.document.children;
    if (node->type == GUMBO_NODE_ELEMENT || node->type == GUMBO_NODE_TEMPLATE) return &node->v.element.children;
    return NULL;
}

/* The child at `index` of a vector of nodes. */
static inline const GumboNode *cgumbo_node_at(const GumboVector *vector, unsigned index) {
    return (const GumboNode *)vector->data[index];
}

/* The attribute at `index` of an element's attributes. */
static inline const GumboAttribute *cgumbo_attribute_at(const GumboVector *vector, unsigned index) {
    return (const GumboAttribute *)vector->data[index];
}

#endif
