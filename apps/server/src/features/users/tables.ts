import { bigint, boolean, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/** Players and bots. The accounts issue adds credentials and verification; this is what others read. */
export const users = pgTable('users', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedByDefaultAsIdentity({ startWith: 100_000 }),
  nickname: text('nickname').notNull(),
  avatar: text('avatar'),
  mobile: text('mobile').unique('users_mobile'),
  email: text('email'),
  tradeUrl: text('trade_url'),
  steamId: text('steam_id').unique('users_steam_id'),
  grade: integer('grade').notNull().default(0),
  isBot: boolean('is_bot').notNull().default(false),
  status: text('status').$type<'active' | 'frozen' | 'cancelled'>().notNull().default('active'),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
