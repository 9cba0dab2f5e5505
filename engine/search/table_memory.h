/* Memory for the large tables (the search's transposition table, the
 * solver's): zeroed, aligned to a cache line, and for tables of 2 MiB or
 * more aligned to 2 MiB with transparent huge pages asked for where the
 * system has them (Linux's madvise), which saves most of the page faults
 * and TLB misses of a table of gigabytes. */
#ifndef RIN_TABLE_MEMORY_H
#define RIN_TABLE_MEMORY_H

#include <stddef.h>

/* `bytes` (a multiple of 64) of zeroed memory, or NULL when there is not
 * enough. Released with table_memory_free. */
void *table_memory_alloc(size_t bytes);
void table_memory_free(void *memory);

#endif
