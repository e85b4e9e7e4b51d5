import { useCheapPasswordHashingForTests } from '../platform/auth/passwords.js';

// Every test file's worker: password hashes at the lowest argon2 cost (platform/auth/passwords.ts says why).
useCheapPasswordHashingForTests();
