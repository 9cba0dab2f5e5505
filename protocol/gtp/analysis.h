/* A search in a background thread, stopped at once on demand: the engine
 * thinks while the GTP loop waits for the next command. One code path for
 * rin-analyze (streamed, or waited for) and for pondering. */
#ifndef RIN_ANALYSIS_H
#define RIN_ANALYSIS_H

#include <stdbool.h>
#include <stdint.h>

#include "search/search.h"

/* Called from the background with the latest completed iteration: every
 * interval while the search runs, then once more (`last`) when it has
 * ended; never twice at the same time. */
typedef void (*AnalysisEmitter)(const SearchInfo *info, bool last, void *context);
/* Called once from the background when everything is over (after the last
 * emission). */
typedef void (*AnalysisFinisher)(void *context);

typedef struct AnalysisJob {
    Search *search;          /* kept by the caller; nobody else may use it until the job is stopped */
    Position pos;            /* searched as a copy: the caller's position is never touched */
    SearchLimits limits;
    int64_t interval_ms;     /* 0: no emissions while searching (only the last one) */
    AnalysisEmitter emit;    /* may be NULL */
    AnalysisFinisher finish; /* may be NULL */
    SearchReporter reporter; /* also told of every iteration, from the search thread (may be NULL) */
    void *context;           /* for emit, finish and reporter */
} AnalysisJob;

typedef struct Analysis Analysis;

/* NULL when memory runs out. */
Analysis *analysis_create(void);
/* Stops a running job first. */
void analysis_destroy(Analysis *analysis);

/* Starts the job in the background; false (nothing started) when a job is
 * still running or a thread cannot be made. */
bool analysis_start(Analysis *analysis, const AnalysisJob *job);

/* Whether a job was started and not yet stopped or waited for. */
bool analysis_active(const Analysis *analysis);
/* Whether the active job has ended by itself (its limits) and finished. */
bool analysis_finished(Analysis *analysis);

/* The latest completed iteration of the active or last job; false when
 * there is none yet. */
bool analysis_latest(Analysis *analysis, SearchInfo *out);

/* Stops the active job at once and waits for it (finish has run when this
 * returns); *result (may be NULL) receives the search's final report.
 * Nothing happens without an active job (false). */
bool analysis_stop(Analysis *analysis, SearchInfo *result);
/* Waits until the active job ends by its limits; as analysis_stop
 * otherwise. */
bool analysis_wait(Analysis *analysis, SearchInfo *result);

#endif
