import { z } from 'zod';
import { pageSchema } from './envelope.js';
import { pagingParams } from './params.js';
import { returnBandSchema } from './returns.js';

/**
 * Public transparency (issue 18, docs/decisions/0044): what every game declares it returns against what
 * it realised over a time window, how long withdrawals take, and how the house's battle bots fare. No
 * login. Returns are ratios of what a play costs (0.9 = 90 %).
 */
export const transparencyWindows = ['24h', '30d', 'all'] as const;
export type TransparencyWindow = (typeof transparencyWindows)[number];
export const transparencyWindowParams = z.object({
  window: z.enum(transparencyWindows).default('24h'),
});
export const transparencyBoxParams = pagingParams.extend({
  window: z.enum(transparencyWindows).default('24h'),
});

/** One game's (or one box's) figures over the window: compareReturn's, plus the money they come from. */
export const transparencyFiguresSchema = z.object({
  /** Plays counted: box openings, battle rounds (one per seat and round), dreams. */
  plays: z.number().int(),
  /** Σ the list price of each play (the stake the return is a ratio of), fen. */
  stakeFen: z.number().int(),
  /** Σ the value each play won, fen. */
  wonFen: z.number().int(),
  declaredReturn: z.number().nullable(),
  realisedReturn: z.number().nullable(),
  /** The standard deviation of one play's return (pooled over the plays). */
  playSd: z.number().nullable(),
  /** declared ± 1.96 standard errors of the mean of `plays` plays. */
  band95: returnBandSchema.nullable(),
  /** Outside declared ± 3 standard errors, from `minPlays` plays on. */
  alert: z.boolean(),
  minPlays: z.number().int(),
});
export type TransparencyFigures = z.infer<typeof transparencyFiguresSchema>;

export const transparencyGames = ['box', 'battle', 'dream'] as const;
export type TransparencyGame = (typeof transparencyGames)[number];

export const transparencyGamesSchema = z.object({
  window: z.enum(transparencyWindows),
  /** When the figures were computed (they are reused for up to a minute). */
  computedAt: z.string(),
  games: z.array(transparencyFiguresSchema.extend({ game: z.enum(transparencyGames) })),
});
export type TransparencyGames = z.infer<typeof transparencyGamesSchema>;

export const transparencyBoxSchema = transparencyFiguresSchema.extend({
  boxId: z.number().int(),
  name: z.string(),
  image: z.string().nullable(),
  priceFen: z.number().int(),
});
export type TransparencyBox = z.infer<typeof transparencyBoxSchema>;
export const transparencyBoxPage = pageSchema(transparencyBoxSchema).extend({
  window: z.enum(transparencyWindows),
  computedAt: z.string(),
});
export type TransparencyBoxPage = z.infer<typeof transparencyBoxPage>;

/** Withdrawals finished (delivered or failed) in the last 7 days. */
export const transparencyWithdrawalsSchema = z.object({
  days: z.number().int(),
  delivered: z.number().int(),
  failed: z.number().int(),
  /** Still in progress among those requested in the window. */
  inProgress: z.number().int(),
  /** Seconds from request to delivery; null with no delivery in the window. */
  medianSeconds: z.number().nullable(),
  p95Seconds: z.number().nullable(),
  /** failed ÷ (delivered + failed); null when none finished. */
  failedShare: z.number().nullable(),
  computedAt: z.string(),
});
export type TransparencyWithdrawals = z.infer<typeof transparencyWithdrawalsSchema>;

/** One house bot's battles since the start (decision 0025: the house stakes its seats). */
export const transparencyBotSchema = z.object({
  botId: z.number().int(),
  nickname: z.string(),
  headPic: z.string().nullable(),
  played: z.number().int(),
  won: z.number().int(),
  lost: z.number().int(),
  /** Σ 1/seats over its battles: the wins a seat of a fair draw expects; and the 95 % band around it. */
  expectedWins: z.number(),
  winsBand95: returnBandSchema.nullable(),
  /** Σ the entry price of its seats: what a player would have paid for them, fen. */
  stakeFen: z.number().int(),
  /** Σ the value of every item of the battles it won, fen. */
  valueWonFen: z.number().int(),
  /** valueWon − stake: the seat's result as if it were a player's. */
  netFen: z.number().int(),
  /** The house's result on its seats: the others' items it kept when it won, less its own items given away when it lost. */
  houseResultFen: z.number().int(),
  declaredReturn: z.number().nullable(),
  realisedReturn: z.number().nullable(),
});
export type TransparencyBot = z.infer<typeof transparencyBotSchema>;
export const transparencyBotsSchema = z.object({
  bots: z.array(transparencyBotSchema),
  computedAt: z.string(),
});
export type TransparencyBots = z.infer<typeof transparencyBotsSchema>;
