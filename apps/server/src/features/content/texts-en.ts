import type { DocumentText } from './document-text.js';

/** The English texts, the same content as texts-zh.ts (Chinese is the reference version). */
export const textsEn: Record<string, DocumentText> = {
  about: {
    title: 'About us',
    summary: 'What Skinfair is, how it works, and what we promise players.',
    body: `# About Skinfair

Skinfair is a CS2 skin platform for **players aged 18 and over**: case opening, a skin shop, a backpack, and a fairness system every player can check for themselves.

## What we do

- **Cases**: every case page lists all its items, each item's drop probability and roll range, and the case's expected return.
- **Shop**: buy a chosen skin with coins; it goes straight to your backpack.
- **Backpack**: swap a won item for coins at its recovery price, or withdraw it to your linked Steam account.
- **Provable fairness**: every result is computed from the server seed, your client seed and a nonce; once the seed is revealed anyone can recompute it in the browser.

## What we promise

- No service to minors.
- No hidden odds and no "adjusting" during the animation: the result is written to your records before the reel starts.
- Coins are for use on the site only and cannot be cashed out; skins can be withdrawn to Steam.
- Every balance change has a flow record, visible under Personal centre → Records.

## Contact

See the [help centre](/docs/help) or [contact support](/docs/support).

Skinfair is not affiliated with Valve Corporation. Counter-Strike, CS2 and Steam are trademarks of Valve Corporation.`,
  },

  terms: {
    title: 'Terms of service',
    summary: 'The conditions for signing up and using Skinfair: age, account, deposits, cases, withdrawals and closing.',
    body: `# Terms of service

The version shown on this page applies. By signing up you confirm you have read and accept these terms and the [privacy policy](/docs/help/privacy).

## 1. Age and eligibility

- The platform is **for people aged 18 and over only**. Sign-up requires confirming you are 18 or older.
- Real-name verification checks the birth date on the ID number; an account found to belong to someone under 18 cannot spend until an operator has checked it.
- One ID number verifies one account; one mobile number registers one account.

## 2. Your account

- You are responsible for everything done with your account. Never share your password or SMS codes. Support will **never** ask for them.
- Changing the mobile number, email or password needs a code sent to the bound mobile number; a password change signs out your other devices.
- If something looks wrong, end unknown sessions under Personal centre → Login devices and contact support.

## 3. Coins, points and deposits

- Deposits go through the channels and currencies listed in the recharge window, converted to coins at the rate shown when you order (1 CNY = 1 coin). Orders not paid within 30 minutes are cancelled automatically.
- Your first deposit earns the advertised extra coins (currently {firstDepositPercent} %), once per account, after the real-name check: a deposit made before the check gets its bonus when you complete it; VIP grades add their recharge bonus by the grade rules.
- Coins and points have the same value; spending uses coins first, then points. **Coins and points cannot be cashed out** or moved to another account.
- Coupons, red packets and Golden Codes follow their own expiry and conditions. Rewards obtained improperly (several accounts, bulk sign-ups, shared devices or identities) are taken back.

## 4. Cases and fairness

- Each opening costs the price shown on the case page. The result is decided by the [provably fair](/provably-fair) algorithm and stored before the animation plays.
- Each case's odds table has a version and a hash; changing the odds creates a new version and never changes openings already made.
- A result cannot be undone. A dropped connection does not change it; see your open-box records.

## 5. Backpack, swaps and withdrawals

- An item can be swapped for coins at the recovery price shown; a swap is final.
- Withdrawing needs a valid Steam trade link. Some items take **up to 12 hours**; if a withdrawal fails, the item returns to your backpack and a message tells you why.
- A withdrawal that fails because of a wrong trade link or a Steam restriction (such as a trade hold) returns the item; it is not lost.

## 6. Not allowed

Scripts and bots, exploiting bugs, several accounts to farm rewards, money laundering and using someone else's identity are forbidden. We may freeze the account, take back what was gained, and cooperate with the authorities where the law requires.

## 7. Closing your account

Close it under Personal centre → Account settings → Cancel account, confirmed by an SMS code. Afterwards you cannot log in, and balances and items stay frozen with the account: **they are not refunded or paid out**, so withdraw your items first. The mobile number stays bound to the closed account; contact support to reopen it.

## 8. Changes and liability

We aim to keep the service available but cannot promise it never stops. Failures of third parties such as Steam or payment channels are outside our control; see the [disclaimer](/docs/help/disclaimer). New versions of these terms are published here; using the service afterwards means you accept them.

## 9. Contact

Questions about these terms: [contact support](/docs/support).`,
  },

  privacy: {
    title: 'Privacy policy',
    summary: 'What data we collect, why, how long we keep it, and how to delete it or close your account.',
    body: `# Privacy policy

This policy explains how Skinfair handles your personal data. We collect only what the service needs.

## What we collect

- **Mobile number**: sign-up, login, SMS codes, password recovery.
- **Password**: only an irreversible hash (argon2id) is stored; we cannot see your password.
- **Nickname, avatar, email, Steam trade link, Steam ID**: your profile, notifications, withdrawals.
- **Real-name data**: to check you are 18 or over and that one ID holds one account. **The ID number itself is not stored**, only a check value that cannot be reversed; the name only in masked form (such as "Zhang*").
- **Login sessions**: a hash of the token, login time, last activity and the network address of the device, for the Login devices list and for security.
- **Device id**: a random number the web page creates locally, used to stop one person farming new-player rewards with several accounts.
- **Deposit, spending, opening, item and withdrawal records**: bookkeeping, reconciliation, fairness checks and disputes.
- **Access logs**: time, network address, API path and result of requests, to fix faults and fend off attacks.

We do **not** store card numbers or payment passwords: payment happens on the payment channel's page.

## How long we keep it

- **Account data**: while the account exists; after closing it is frozen and never used for marketing.
- **Money and game records** (flow records, orders, openings, seeds): **never deleted or edited**, so fairness can be checked and disputes settled; kept at least 5 years after the account is closed.
- **SMS codes**: stored only as a hash; void after 5 minutes.
- **Login sessions**: end at logout, at a password change or after a long idle time; ended sessions are kept 90 days for security audits.
- **Access logs**: at most 180 days.

## Sharing

Only what is needed, only with: the SMS provider (number and code), the real-name provider (name and ID number, for the check only), payment channels (order number and amount), Steam (trade link and item at withdrawal). We cooperate with the authorities where the law requires. We never sell personal data.

## Your rights

- **See and correct**: change nickname, avatar, email and trade link in the Personal centre.
- **End sessions**: end any session under Login devices.
- **Close your account**: Account settings → Cancel account, confirmed by SMS. You can no longer log in and your profile is no longer shown; the money and game records the law requires are kept for the periods above.
- **Other requests** (a copy of your data, correcting real-name data): [contact support](/docs/support); we answer within 15 working days.

## Local storage

The web page keeps in your browser's local storage the login token, your language (umi_locale), sound and fast-mode settings and a promotion channel code. Clearing your browser data removes them.

## Minors

We do not serve anyone under 18 and do not knowingly collect their data. An account found to belong to a minor cannot spend, and we contact the guardian to check.`,
  },

  disclaimer: {
    title: 'Disclaimer',
    summary: 'Results are random, skin prices change, and third-party services are outside our control.',
    body: `# Disclaimer

## Results are random

Case results are decided at random by a public, provably fair algorithm. The odds and expected return on a case page are long-run figures: **a single opening, or a few, can return far less than they cost**. Only spend what you can afford to lose.

## Skin prices

Reference and recovery prices are the platform's prices at the time and change with the market. Prices on the Steam Community Market or elsewhere are unrelated to ours; we do not promise any resale value.

## Not an investment

Coins, points and skins are not investments and cannot be exchanged for cash. Do not treat case opening as a way to earn money.

## Third-party services

Steam account restrictions, trade holds, Steam outages and payment channel delays or failures can affect withdrawals and deposits. Nothing is lost in those cases: unpaid orders are cancelled automatically and failed withdrawals return the item to your backpack.

## Not affiliated with Valve

Skinfair is not affiliated with or endorsed by Valve Corporation. Counter-Strike, CS2, Steam and the names and images of in-game items belong to Valve Corporation.

## Local law

It is your responsibility to check that the law where you live allows you to use this service. If it does not, do not sign up or use it.`,
  },

  ethics: {
    title: 'Responsible play',
    summary: 'Case opening is entertainment, not income: budget tips, a cooling-off period, where to get help.',
    body: `# Responsible play

Opening cases should be entertainment. We want you to enjoy it and to stay in control of your time and money.

## A few rules of thumb

- **Set a budget first**: only money you can lose without it affecting your life; stop when it is gone.
- **Don't chase losses**: spending more after a run of poor drops is the most common sign of losing control.
- **Watch the clock**: take a break after a long session.
- **Never borrow to deposit**, and never use money meant for living costs.
- Don't play when drunk, upset or under stress.

## What we do

- Every case shows its odds, roll ranges and expected return; every result can be checked by you.
- Accounts of people under 18 cannot spend.
- Every balance change is in Personal centre → Records → Flow records, so you can always see what you have spent.
- You can turn off fast mode to slow things down, and turn off sounds and music.

## Need a break?

To pause for a while or limit yourself, [contact support](/docs/support) for a cooling-off period: we freeze the account for the time you choose (7 days, 30 days or longer). During it you cannot log in, deposit or open cases, and it cannot be lifted early; afterwards support restores the account on request. You can also **close your account** (Personal centre → Account settings).

## Check yourself

If you answer "yes" to several of these, consider taking a break and getting help:

- Do you spend more money or time than you planned?
- Do you keep going to win back losses?
- Do you hide your spending from family or friends?
- Has it affected your studies, work or relationships?

## Where to get help

- Gambling Therapy (free online support in many languages): https://www.gamblingtherapy.org
- In mainland China: the national psychological assistance hotline 400-161-9995

If someone close to you is affected, contact us too: we will help freeze their account.`,
  },

  support: {
    title: 'Contact support',
    summary: 'Support email, hours, reply times, and what to have ready when you write.',
    body: `# Contact support

## How to reach us

- **Hours, email and online chat**: in the contact box at the top of this page (always the current ones).
- **Reply time**: usually a first answer within the time shown there; missing deposits and withdrawals come first.

## Have this ready

- Your **user id or the last four digits of your mobile number** (never send the full number, your password or a code).
- The kind of problem: deposit, opening, withdrawal, account, real name, other.
- The **order id** (in payment records), the **verify id** (in open-box records) or the **time of the withdrawal**.
- A screenshot of any error.

## Check these first

- Deposit not credited: look at the order under Personal centre → Records → Payment records. A processing order is credited automatically once paid; an order unpaid for 30 minutes is cancelled.
- Withdrawal taking long: some items take up to 12 hours; a failed one returns to your backpack with a message explaining why.
- Doubt about a result: rotate your seeds on the fairness page, then recompute any opening in your browser with the verifier.
- Want to pause or limit spending: see [responsible play](/docs/help/ethics).

More in the [help centre](/docs/help).

> Support will never ask for your password or SMS code, or ask you to send money to a personal account.`,
  },

  faq: {
    title: 'Frequently asked questions',
    summary: 'Deposits, cases, odds, fairness checks, swaps and withdrawals.',
    body: `# Frequently asked questions

## Deposits

**Which methods?** The recharge window lists the channels and currencies available now, with each channel's limits.

**How does the first-deposit bonus work?** Your first successful deposit earns the advertised share (currently {firstDepositPercent} %) in extra coins, once. The condition is **the real-name check**: a verified account gets it with the deposit; if you deposit before verifying, the bonus is kept for you and paid automatically when you complete the check, and it does not expire (the recharge window and the message centre show the amount waiting). One bonus per person and per device; none during a cool-off or self-exclusion (the recharge window does not offer it then), and a bonus already kept is paid when that ends.

**How do deposit limits work?** The daily, weekly and monthly deposit limits you set under safer play count in Beijing time, and unpaid orders that have not expired hold their share. The recharge window shows how much you may still deposit today; an amount over it is flagged before you submit, with what is left and when the limit resets.

**How long is an order valid?** 30 minutes; an unpaid order is cancelled automatically and a recharge coupon you chose is given back.

## Cases

**Where are the odds?** Every case page's drop table lists each item's probability and roll range (1–100000) and the case's expected return.

**Does the animation decide the result?** No. When you click open, the server has already computed the result and stored it; the animation only shows it.

**How are points used?** Points are worth the same as coins; coins are spent first, then points.

## Provable fairness

Each account has a seed pair: the server seed (only its hash is shown before you play) and a client seed you can change at any time; each opening adds 1 to the nonce. When you rotate seeds, the old server seed is revealed and the [verifier](/provably-fair/verify) recomputes every result in your browser with the public algorithm and checks the hash matches the one published before.

## Swaps and withdrawals

**Swap**: an item in your backpack can be swapped for coins at its recovery price, credited at once.

**Withdraw**: set your Steam trade link in account settings, then pick items in the backpack. Some items take up to 12 hours; a failed withdrawal returns the item.

**Can coins be cashed out?** No. Coins and points are for use on the site only.

## Account

**Forgot the password**: choose "Forgot password" in the login window and reset it with an SMS code.

**Close the account**: Personal centre → Account settings → Cancel account. Balances and items are frozen and not paid out, so withdraw items first. See the [terms](/docs/help/terms).`,
  },
};
