/* Memory for the large tables (table_memory.h). */
#define _DEFAULT_SOURCE /* madvise's MADV_HUGEPAGE */
#include "search/table_memory.h"

#include <stdlib.h>
#include <string.h>

#if defined(__linux__)
#include <sys/mman.h>
#endif

enum { LINE = 64, HUGE_PAGE = 2 << 20 };

void *table_memory_alloc(size_t bytes)
{
    size_t align = bytes >= HUGE_PAGE && bytes % HUGE_PAGE == 0 ? HUGE_PAGE : LINE;
    void *memory = aligned_alloc(align, bytes);
    if (!memory)
        return NULL;
#if defined(__linux__) && defined(MADV_HUGEPAGE)
    if (align == HUGE_PAGE)
        (void)madvise(memory, bytes, MADV_HUGEPAGE); /* a request: refused, small pages serve */
#endif
    memset(memory, 0, bytes);
    return memory;
}

void table_memory_free(void *memory) { free(memory); }
