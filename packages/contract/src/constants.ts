/** Business constants and limits of spec §9. */
export const limits = {
  requestTimeoutMs: 15_000,
  feedMaxEntries: 20,
  lastDropDefaultLimit: 20,
  wsReconnectBaseMs: 5_000,
  wsReconnectMaxMs: 900_000,
  heartbeatMs: 10_000,
  unauthorizedGuardMs: 1_000,
  loginFlowDelayMs: 200,
  defaultPageSize: 15,
  battlePageSize: 10,
  maxPageSize: 100,
  promotionCodeMin: 6,
  promotionCodeMax: 15,
  minimumAge: 18,
  scriptChunkTimeoutMs: 120_000,
} as const;

export const toastOptions = {
  durationMs: { blank: 4000, error: 4000, custom: 4000, success: 2000 },
  maxVisible: 20,
  gutterPx: 8,
  maxWidthPx: 350,
  position: 'top-center',
  removeDelayMs: 1000,
} as const;

export const breakpoints = { sm: 640, md: 768, lg: 1024, xl: 1280 } as const;

/** Item rarity grades (api-shapes §6): 0 gold, 1 red, 2 purple, 3 blue-grey. 0 and 1 are "top". */
export const gradeColours = ['#ffee51', '#ed3838', '#ab6afc', '#6da1ac'] as const;
export const isTopGrade = (grade: number) => grade === 0 || grade === 1;

/** The live channel (spec §4, §7). */
export const live = {
  path: '/ws',
  topic: '/topic/messages',
  heartBeat: '10000,10000',
} as const;

/** Image fields whose relative values get the image-host prefix (spec §3). */
export const imageFields = [
  'giftImage',
  'headPic',
  'headGround',
  'image',
  'banner',
  'boxImage',
  'weaponImage',
  'winVoucherImg',
  'sourceImage',
  'virtualImg',
  'avatar',
] as const;
