-- The database's own ceiling for a dream's writes: an opening's writes (debit, house credit, transfer, nonce,
-- roll) and the dream row; the item and the feed row only on a win, here one dream in two (P = 50 %).
\set uid random(1, 1000)
\set house random(1, 32)
\set item random(1, 2000)
\set code random(1, 100000)
\set win random(0, 1)
BEGIN;
UPDATE accounts SET balance = balance - 3300 WHERE id = :uid + 32 AND balance >= 3300 RETURNING balance;
UPDATE accounts SET balance = balance + 3300 WHERE id = :house RETURNING balance;
INSERT INTO transfers (debit, credit, amount, code, ref_id, debit_after, credit_after) VALUES (:uid + 32, :house, 3300, 'dream_fee', 3, 0, 0);
UPDATE seed_pairs SET nonce = nonce + 1 WHERE user_id = :uid RETURNING id, nonce, server_seed, client_seed;
INSERT INTO rolls (user_id, seed_pair_id, nonce, roll_code, range_low, range_high, box_id, item_id, price) SELECT :uid, id, nonce, :code, 1, 50000, 0, :item, 3300 FROM seed_pairs WHERE user_id = :uid;
\if :win
INSERT INTO inventory (user_id, item_id, price, source) VALUES (:uid, :item, 6270, 'dream');
INSERT INTO drops (user_id, item_id, grade, price) VALUES (:uid, :item, 3, 6270);
\endif
INSERT INTO dreams (user_id, target_item_id, target_price, probability, fee, coins_paid, items_value, roll_id, won) VALUES (:uid, :item, 6270, 50000, 3300, 3300, 0, currval('rolls_id_seq'), :win = 1);
COMMIT;
