-- The opening's reference schema (schema.sql) plus the one row a dream adds: run after schema.sql.
DROP TABLE IF EXISTS dreams;
CREATE TABLE dreams (id bigserial PRIMARY KEY, user_id bigint NOT NULL, target_item_id int NOT NULL, target_price bigint NOT NULL,
  probability int NOT NULL, fee bigint NOT NULL, coins_paid bigint NOT NULL, items_value bigint NOT NULL, roll_id bigint NOT NULL,
  won boolean NOT NULL, won_inventory_id bigint, created_at timestamptz NOT NULL DEFAULT now());
CREATE INDEX ON dreams (user_id, id);
CREATE INDEX ON dreams (id DESC);
