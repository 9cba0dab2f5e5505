/* The table of the search's parameters (params.h): their release values,
 * and setting and reading them by name. */
#include "search/params.h"

#include <string.h>

const SearchParams search_params_default = {
#define SEARCH_PARAM_VALUE(name, value, min, max, help) .name = (value),
    SEARCH_PARAMS(SEARCH_PARAM_VALUE)
#undef SEARCH_PARAM_VALUE
};

typedef struct ParamEntry {
    SearchParamSpec spec;
    size_t offset; /* of its field in SearchParams */
} ParamEntry;

static const ParamEntry entries[] = {
#define SEARCH_PARAM_ENTRY(name, value, min, max, help) {{#name, (value), (min), (max), help}, offsetof(SearchParams, name)},
    SEARCH_PARAMS(SEARCH_PARAM_ENTRY)
#undef SEARCH_PARAM_ENTRY
};

enum { ENTRY_COUNT = sizeof entries / sizeof entries[0] };

const SearchParamSpec *search_param_spec(size_t index) { return index < ENTRY_COUNT ? &entries[index].spec : NULL; }

static const ParamEntry *entry_of(const char *name)
{
    for (size_t i = 0; i < ENTRY_COUNT; i++)
        if (strcmp(entries[i].spec.name, name) == 0)
            return &entries[i];
    return NULL;
}

const SearchParamSpec *search_param_find(const char *name)
{
    const ParamEntry *e = entry_of(name);
    return e ? &e->spec : NULL;
}

bool search_params_set(SearchParams *params, const char *name, int value)
{
    const ParamEntry *e = entry_of(name);
    if (!e || value < e->spec.min || value > e->spec.max)
        return false;
    memcpy((char *)params + e->offset, &value, sizeof value);
    return true;
}

int search_params_get(const SearchParams *params, const SearchParamSpec *spec)
{
    /* spec is an entry's first member */
    const ParamEntry *e = (const ParamEntry *)spec;
    int value;
    memcpy(&value, (const char *)params + e->offset, sizeof value);
    return value;
}
