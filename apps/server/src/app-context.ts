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
