import { z } from 'zod';
import { limits } from './constants.js';
import { boolParam, intParam } from './params.js';

/** GET /api/stat/lastDrop — spec §7: limit default 20, isTop. */
export const lastDropParams = z.object({
  limit: intParam(1, limits.feedMaxEntries).default(limits.lastDropDefaultLimit),
  isTop: boolParam.default(false),
});
export type LastDropParams = z.infer<typeof lastDropParams>;

/** GET /api/stat/homepage — site totals and last-24-hour counts (BizStatVo of api-shapes §4.3). */
export const homepageStatSchema = z.object({
  userTotal: z.number().int(),
  userTotal24: z.number().int(),
  boxCnt: z.number().int(),
  boxCnt24: z.number().int(),
  battleCnt: z.number().int(),
  battleCnt24: z.number().int(),
  upgradeCnt: z.number().int(),
  upgradeCnt24: z.number().int(),
  onlineCount: z.number().int(),
});
export type HomepageStat = z.infer<typeof homepageStatSchema>;
