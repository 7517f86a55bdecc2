/*
 * shim.h: Gumbo (Debian's libgumbo-dev, 0.10.1) with a bounded parse.
 *
 * Gumbo allocates through the functions given in its options and never checks for failure, and it frees its
 * tree recursively (a page of a million nested elements would overflow a stack). So every allocation of one
 * parse comes from an arena kept here: it counts the bytes reserved, and when the parse goes past its memory
 * budget or its deadline it jumps back out of gumbo_parse_with_options (C frames only: the jump never crosses
 * Swift code). Whether the parse ended or was stopped, the whole tree is freed by freeing the arena's chunks,
 * never by gumbo_destroy_output.
 *
 * Debian builds Gumbo with its assertions on, and some markup fails one (`<table><svg><desc><![CDATA[y]]>x`
 * aborts in handle_in_table): the abort would end the whole process. While a parse runs, a SIGABRT raised on
 * its thread jumps back out the same way; on any other thread, or outside a parse, the signal goes on to the
 * action there was before.
 */
#ifndef CGUMBO_SHIM_H
#define CGUMBO_SHIM_H

#include <gumbo.h>
#include <pthread.h>
#include <setjmp.h>
#include <signal.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

/* How a bounded parse ended. */
typedef enum {
    CGUMBO_PARSED = 0,
    CGUMBO_OVER_MEMORY = 1,
    CGUMBO_OVER_TIME = 2,
    CGUMBO_OUT_OF_MEMORY = 3,
    CGUMBO_FAILED = 4
} cgumbo_status;

/* One chunk of the arena: its header, then its bytes. 16 bytes of header keep the blocks 16-byte aligned. */
typedef struct cgumbo_chunk {
    struct cgumbo_chunk *next;
    size_t size;
} cgumbo_chunk;

/* One parse's arena, its limits and how it ended. */
typedef struct {
    cgumbo_chunk *chunks;
    unsigned char *cursor;
    unsigned char *end;
    size_t reserved_bytes;
    size_t memory_limit;
    struct timespec deadline;
    unsigned allocations;
    cgumbo_status status;
    jmp_buf escape;
} cgumbo_parse;

/* Chunks of 256 KiB; a larger block gets a chunk of its own. */
#define CGUMBO_CHUNK_SIZE ((size_t)256 * 1024)

static inline int cgumbo_past_deadline(const cgumbo_parse *parse) {
    struct timespec now;
    clock_gettime(CLOCK_MONOTONIC, &now);
    return now.tv_sec > parse->deadline.tv_sec
        || (now.tv_sec == parse->deadline.tv_sec && now.tv_nsec >= parse->deadline.tv_nsec);
}

/* Blocks come from an arena: a parse frees its tree all at once, so a block is never freed on its own, and
   bumping a pointer costs less than malloc and free (which were a tenth of a parse). What Gumbo frees during
   the parse (its token buffers) stays reserved until the end: about seven bytes of arena per byte of a page. */
static void *cgumbo_allocate(void *userdata, size_t size) {
    cgumbo_parse *parse = (cgumbo_parse *)userdata;
    /* The clock is read every 64 allocations: each element and each attribute allocates, so a parse that
       spends its time elsewhere (deep nesting makes each start tag walk the open elements) is still caught. */
    if ((++parse->allocations & 63) == 0 && cgumbo_past_deadline(parse)) {
        parse->status = CGUMBO_OVER_TIME;
        longjmp(parse->escape, 1);
    }
    size = (size + 15) & ~(size_t)15;
    if (size > (size_t)(parse->end - parse->cursor)) {
        size_t chunk_size = size > CGUMBO_CHUNK_SIZE ? size : CGUMBO_CHUNK_SIZE;
        if (chunk_size > parse->memory_limit || parse->reserved_bytes > parse->memory_limit - chunk_size) {
            parse->status = CGUMBO_OVER_MEMORY;
            longjmp(parse->escape, 1);
        }
        cgumbo_chunk *chunk = (cgumbo_chunk *)malloc(sizeof(cgumbo_chunk) + chunk_size);
        if (chunk == NULL) {
            parse->status = CGUMBO_OUT_OF_MEMORY;
            longjmp(parse->escape, 1);
        }
        chunk->next = parse->chunks;
        chunk->size = chunk_size;
        parse->chunks = chunk;
        parse->reserved_bytes += chunk_size;
        parse->cursor = (unsigned char *)(chunk + 1);
        parse->end = parse->cursor + chunk_size;
    }
    void *block = parse->cursor;
    parse->cursor += size;
    return block;
}

static void cgumbo_deallocate(void *userdata, void *pointer) {
    (void)userdata;
    (void)pointer;
}

/* Starts a parse state: `memory_limit` bytes live at most, `seconds` of wall-clock time from now. */
static inline void cgumbo_parse_init(cgumbo_parse *parse, size_t memory_limit, double seconds) {
    parse->chunks = NULL;
    parse->cursor = NULL;
    parse->end = NULL;
    parse->reserved_bytes = 0;
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

/* The parse running on this thread, if any: where an abort during it jumps back to. (State lives in functions:
   Swift's importer emits the static functions a module uses, with their statics, but no static variables.) */
static inline cgumbo_parse **cgumbo_running_parse(void) {
    static __thread cgumbo_parse *parse = NULL;
    return &parse;
}

/* The action SIGABRT had before the handler below. */
static inline struct sigaction *cgumbo_saved_abort_action(void) {
    static struct sigaction action;
    return &action;
}

/* A failed assertion inside Gumbo (abort raises SIGABRT on the aborting thread) stops that thread's parse; any
   other abort goes on to the action there was before. */
static void cgumbo_on_abort(int signal_number) {
    cgumbo_parse *parse = *cgumbo_running_parse();
    if (parse != NULL) {
        *cgumbo_running_parse() = NULL;
        parse->status = CGUMBO_FAILED;
        longjmp(parse->escape, 1);
    }
    sigaction(SIGABRT, cgumbo_saved_abort_action(), NULL);
    raise(signal_number);
}

/* SA_NODEFER leaves SIGABRT unblocked in the handler, so that jumping out of it needs no signal mask restored. */
static void cgumbo_install_abort_handler(void) {
    struct sigaction action;
    memset(&action, 0, sizeof action);
    action.sa_handler = cgumbo_on_abort;
    sigemptyset(&action.sa_mask);
    action.sa_flags = SA_NODEFER;
    sigaction(SIGABRT, &action, cgumbo_saved_abort_action());
}

/* Installs the handler the first time a parse runs. */
static inline void cgumbo_install_abort_handler_once(void) {
    static pthread_once_t once = PTHREAD_ONCE_INIT;
    pthread_once(&once, cgumbo_install_abort_handler);
}

/* Parses `length` bytes of UTF-8; NULL when the parse was stopped (see `parse->status`). Never inlined, so that
   setjmp's frame is this C function's and not a Swift caller's. */
__attribute__((noinline)) static GumboOutput *cgumbo_parse_bounded(cgumbo_parse *parse, const char *buffer, size_t length) {
    GumboOptions options = kGumboDefaultOptions;
    options.allocator = cgumbo_allocate;
    options.deallocator = cgumbo_deallocate;
    options.userdata = parse;
    options.max_errors = 0;
    cgumbo_install_abort_handler_once();
    if (setjmp(parse->escape) != 0) {
        *cgumbo_running_parse() = NULL;
        return NULL;
    }
    *cgumbo_running_parse() = parse;
    GumboOutput *output = gumbo_parse_with_options(&options, buffer, length);
    *cgumbo_running_parse() = NULL;
    return output;
}

/* Frees every chunk of the parse: its whole tree, or what a stopped parse left. */
static inline void cgumbo_parse_release(cgumbo_parse *parse) {
    cgumbo_chunk *chunk = parse->chunks;
    while (chunk != NULL) {
        cgumbo_chunk *next = chunk->next;
        free(chunk);
        chunk = next;
    }
    parse->chunks = NULL;
    parse->cursor = NULL;
    parse->end = NULL;
    parse->reserved_bytes = 0;
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
