/* The root's sealing regions and what the tree's stones did to them
 * (sealprior.h). */
#include "search/sealprior.h"

#include "rules/seal.h"

enum { SHARE_ONE = 256 };

/* The stones `color` places at pos before the opponent's next stone. */
static int stones_before_reply(const Position *pos, Color color)
{
    return pos_to_move(pos) == color ? pos_stones_left(pos) : 0;
}

int sealprior_share(const SealPriorRegion *region, const Position *pos, bool tempo)
{
    Color sealer = region->sealer;
    if (bb_intersects(region->cut, pos->stones[color_other(sealer)]))
        return 0;
    int left = bb_count(bb_andnot(region->cut, pos->stones[sealer])) - (tempo ? stones_before_reply(pos, sealer) : 0);
    if (left <= 0)
        return SHARE_ONE;
    return left >= 8 ? 0 : SHARE_ONE >> left;
}

void sealprior_clear(SealPrior *prior)
{
    prior->count = 0;
    prior->points = bb_zero();
}

void sealprior_compute(SealPrior *prior, const Position *root, int min_area, int cap, bool tempo)
{
    sealprior_clear(prior);
    prior->tempo = tempo;
    if (min_area == 0)
        return;
    for (int c = 0; c < 2; c++) {
        Color sealer = (Color)c;
        SealRegions regions;
        seal_regions(root, sealer, cap, &regions);
        for (int i = 0; i < regions.count; i++) {
            const SealRegion *r = &regions.region[i];
            if (bb_count(r->area) < min_area)
                continue;
            SealPriorRegion region = {
                .area = r->area,
                .cut = r->cut,
                .sealer = sealer,
                .value = 100 * (bb_count(r->area) + bb_count(bb_and(r->area, root->stones[color_other(sealer)]))),
            };
            region.root_share = sealprior_share(&region, root, tempo);
            /* full: keep the most valuable */
            int slot = prior->count;
            if (slot == SEALPRIOR_MAX_REGIONS) {
                slot = 0;
                for (int k = 1; k < prior->count; k++)
                    if (prior->region[k].value < prior->region[slot].value)
                        slot = k;
                if (prior->region[slot].value >= region.value)
                    continue;
            } else {
                prior->count++;
            }
            prior->region[slot] = region;
        }
    }
    for (int k = 0; k < prior->count; k++)
        prior->points = bb_or(prior->points, prior->region[k].cut);
}

int sealprior_gain(const SealPrior *prior, const Position *pos)
{
    int black = 0;
    for (int k = 0; k < prior->count; k++) {
        const SealPriorRegion *r = &prior->region[k];
        int change = r->value * (sealprior_share(r, pos, prior->tempo) - r->root_share) / SHARE_ONE;
        black += r->sealer == COLOR_BLACK ? change : -change;
    }
    return pos_to_move(pos) == COLOR_BLACK ? black : -black;
}
