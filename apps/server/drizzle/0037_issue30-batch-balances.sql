-- Issue 30 §4 (decision 0052): an opening of several boxes stored the batch's balances on each of its rolls.
-- Give each roll of such a batch its own: in nonce order each spends its price paid, coins first, then
-- points, as the batch's one debit did, so roll k starts where roll k-1 ended. A batch is the rolls of one
-- opening (one statement: one created_at, one seed pair) that still share their before and after; only
-- batches whose prices add up to what their balances moved are touched. Running it again changes nothing.
WITH batch AS (
  SELECT "id", "coin_before_fen" AS coin0, "point_before_fen" AS point0,
    "coin_before_fen" - "coin_after_fen" AS coin_spent,
    ("coin_before_fen" - "coin_after_fen") + ("point_before_fen" - "point_after_fen") AS spent,
    sum("price_paid_fen") OVER upto - "price_paid_fen" AS paid_before,
    sum("price_paid_fen") OVER upto AS paid_through,
    sum("price_paid_fen") OVER opening AS paid,
    count(*) OVER opening AS n
  FROM "rolls"
  WHERE "game" = 'case' AND "coin_before_fen" IS NOT NULL AND "point_before_fen" IS NOT NULL
    AND "coin_after_fen" IS NOT NULL AND "point_after_fen" IS NOT NULL
  WINDOW opening AS (PARTITION BY "user_id", "seed_pair_id", "created_at", "coin_before_fen", "point_before_fen", "coin_after_fen", "point_after_fen"),
    upto AS (opening ORDER BY "nonce")
)
UPDATE "rolls" SET
  "coin_before_fen" = b.coin0 - least(b.paid_before, b.coin_spent),
  "point_before_fen" = b.point0 - greatest(b.paid_before - b.coin_spent, 0),
  "coin_after_fen" = b.coin0 - least(b.paid_through, b.coin_spent),
  "point_after_fen" = b.point0 - greatest(b.paid_through - b.coin_spent, 0)
FROM batch b
WHERE "rolls"."id" = b."id" AND b.n > 1 AND b.paid = b.spent AND b.coin_spent >= 0;
