import { z } from 'zod';
import { int } from './fields.js';
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
  userTotal: int,
  userTotal24: int,
  boxCnt: int,
  boxCnt24: int,
  battleCnt: int,
  battleCnt24: int,
  upgradeCnt: int,
  upgradeCnt24: int,
  onlineCount: int,
});
export type HomepageStat = z.infer<typeof homepageStatSchema>;
