import type { Config } from './config.js';
import type { Db } from './platform/db/client.js';
import type { LivePublisher } from './platform/live-publisher.js';
import type { Hasher } from './platform/secret.js';
import type {
  BeaconProvider,
  CertificationProvider,
  FulfilmentProvider,
  MailProvider,
  SmsProvider,
  SteamOpenIdProvider,
} from './platform/providers/index.js';

/** What features are built from: the database, configuration and the external providers. */
export interface AppContext {
  db: Db;
  /**
   * For public, read-heavy answers that may lag by the read pool's bound (a standby while it keeps up,
   * else the primary; decisions/0059). Never for money, nor for what a player must see right after a write.
   */
  reads: () => Db;
  config: Config;
  live: LivePublisher;
  hash: Hasher;
  sms: SmsProvider;
  mail: MailProvider;
  certification: CertificationProvider;
  steam: SteamOpenIdProvider;
  fulfilment: FulfilmentProvider;
  /** The public randomness battles draw from (config.beaconSource). */
  beacon: BeaconProvider;
}
