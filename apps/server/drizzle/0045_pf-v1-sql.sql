-- PF v1 inside the database (issue 28, decision 0062): the same roll as packages/fairness, so a play can
-- draw its roll in the statement that takes its nonce. pgcrypto is a trusted extension (PostgreSQL 13+):
-- the database owner may create it; PGlite loads it at open (platform/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pgcrypto;
--> statement-breakpoint
-- uniformInt(n) over the stream block(0) ‖ block(1) ‖ …, block(c) = HMAC-SHA256(key = serverSeed as UTF-8,
-- msg = prefix || ':' || c), read as big-endian u32s, rejecting u ≥ 2^32 − (2^32 mod n) (PF v1 §3).
CREATE OR REPLACE FUNCTION pf_uniform_int(server_seed text, prefix text, n bigint) RETURNS bigint
LANGUAGE plpgsql IMMUTABLE STRICT PARALLEL SAFE AS $$
DECLARE
  lim bigint;
  c integer := 0;
  blk bytea;
  o integer;
  u bigint;
BEGIN
  IF n < 1 OR n > 4294967296 THEN
    RAISE EXCEPTION 'pf_uniform_int(%): n must be 1..2^32', n;
  END IF;
  lim := 4294967296 - (4294967296 % n);
  LOOP
    blk := hmac(convert_to(prefix || ':' || c, 'UTF8'), convert_to(server_seed, 'UTF8'), 'sha256');
    o := 0;
    WHILE o < 32 LOOP
      u := (get_byte(blk, o)::bigint << 24) | (get_byte(blk, o + 1) << 16) | (get_byte(blk, o + 2) << 8) | get_byte(blk, o + 3);
      IF u < lim THEN
        RETURN u % n;
      END IF;
      o := o + 4;
    END LOOP;
    c := c + 1;
  END LOOP;
END
$$;
--> statement-breakpoint
-- rollCode = uniformInt(100000) + 1, in 1..100000.
CREATE OR REPLACE FUNCTION pf_roll_code(server_seed text, prefix text) RETURNS integer
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT (pf_uniform_int(server_seed, prefix, 100000) + 1)::integer
$$;
--> statement-breakpoint
-- A statement that must write all of its parts or none (an opening in autocommit) checks itself with this:
-- false aborts the statement, and with it every row its CTEs wrote.
CREATE OR REPLACE FUNCTION skinfair_assert(ok boolean, message text) RETURNS boolean
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $$
BEGIN
  IF ok IS NOT TRUE THEN
    RAISE EXCEPTION 'skinfair_assert: %', message USING ERRCODE = 'P0001';
  END IF;
  RETURN true;
END
$$;
