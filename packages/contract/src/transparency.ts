import { z } from 'zod';
import { bool, int, nullableNum, nullableText, num, text } from './fields.js';
import { pageSchema } from './envelope.js';
import { pagingParams } from './params.js';
import { returnBandSchema } from './returns.js';
import { playerShape, returnPairShape } from './shapes.js';

/**
 * Public transparency (issue 18, docs/decisions/0044): what every game declares it returns against what
 * it realised over a time window, how long withdrawals take, and how the house's battle bots fare. No
 * login. Returns are ratios of what a play costs (0.9 = 90 %).
 */
export const transparencyWindows = ['24h', '30d', 'all'] as const;
export type TransparencyWindow = (typeof transparencyWindows)[number];
const windowParam = z.enum(transparencyWindows).default('24h');
export const transparencyWindowParams = z.object({ window: windowParam });
export const transparencyBoxParams = pagingParams.extend({ window: windowParam });
/** The window the figures cover, and when they were computed (they are reused for up to a minute). */
const windowFiguresShape = { window: z.enum(transparencyWindows), computedAt: text };

/** One game's (or one box's) figures over the window: compareReturn's, plus the money they come from. */
export const transparencyFiguresSchema = z.object({
  /** Plays counted: box openings, battle rounds (one per seat and round), dreams. */
  plays: int,
  /** Σ the list price of each play (the stake the return is a ratio of), fen. */
  stakeFen: int,
  /** Σ the value each play won, fen. */
  wonFen: int,
  ...returnPairShape,
  /** The standard deviation of one play's return (pooled over the plays). */
  playSd: nullableNum,
  /** declared ± 1.96 standard errors of the mean of `plays` plays. */
  band95: returnBandSchema.nullable(),
  /** Outside declared ± 3 standard errors, from `minPlays` plays on. */
  alert: bool,
  minPlays: int,
});
export type TransparencyFigures = z.infer<typeof transparencyFiguresSchema>;

export const transparencyGames = ['box', 'battle', 'dream'] as const;
export type TransparencyGame = (typeof transparencyGames)[number];

export const transparencyGamesSchema = z.object({
  ...windowFiguresShape,
  games: z.array(transparencyFiguresSchema.extend({ game: z.enum(transparencyGames) })),
});
export type TransparencyGames = z.infer<typeof transparencyGamesSchema>;

export const transparencyBoxSchema = transparencyFiguresSchema.extend({ boxId: int, name: text, image: nullableText, priceFen: int });
export type TransparencyBox = z.infer<typeof transparencyBoxSchema>;
export const transparencyBoxPage = pageSchema(transparencyBoxSchema).extend(windowFiguresShape);
export type TransparencyBoxPage = z.infer<typeof transparencyBoxPage>;

/** Withdrawals finished (delivered or failed) in the last 7 days. */
export const transparencyWithdrawalsSchema = z.object({
  days: int,
  delivered: int,
  failed: int,
  /** Still in progress among those requested in the window. */
  inProgress: int,
  /** Seconds from request to delivery; null with no delivery in the window. */
  medianSeconds: nullableNum,
  p95Seconds: nullableNum,
  /** failed ÷ (delivered + failed); null when none finished. */
  failedShare: nullableNum,
  computedAt: text,
});
export type TransparencyWithdrawals = z.infer<typeof transparencyWithdrawalsSchema>;

/** One house bot's battles since the start (decision 0025: the house stakes its seats). */
export const transparencyBotSchema = z.object({
  botId: int,
  ...playerShape,
  played: int,
  won: int,
  lost: int,
  /** Σ 1/seats over its battles: the wins a seat of a fair draw expects; and the 95 % band around it. */
  expectedWins: num,
  winsBand95: returnBandSchema.nullable(),
  /** Σ the entry price of its seats: what a player would have paid for them, fen. */
  stakeFen: int,
  /** Σ the value of every item of the battles it won, fen. */
  valueWonFen: int,
  /** valueWon − stake: the seat's result as if it were a player's. */
  netFen: int,
  /** The house's result on its seats: the others' items it kept when it won, less its own items given away when it lost. */
  houseResultFen: int,
  ...returnPairShape,
});
export type TransparencyBot = z.infer<typeof transparencyBotSchema>;
export const transparencyBotsSchema = z.object({ bots: z.array(transparencyBotSchema), computedAt: text });
export type TransparencyBots = z.infer<typeof transparencyBotsSchema>;
