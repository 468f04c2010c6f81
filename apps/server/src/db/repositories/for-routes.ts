/**
 * The repositories as routes receive them (context.ts `routeContext`): every function a route
 * calls, with the database already given. A route holds no database handle, so it can neither
 * write SQL nor pick a connection; a write that must commit with others runs in `transaction`,
 * whose repositories are bound to that transaction's connection.
 */
import type { Database, Db, Session } from '../connection.js'
import { activityFeed, priceHistory, salesSince } from './activity.js'
import { assetList } from './asset-list.js'
import {
  assetNameTaken,
  bindContract,
  findAsset,
  findShownAsset,
  insertSubmittedAsset,
  markConfigured,
} from './assets.js'
import { appendAudit, auditPage } from './audit-log.js'
import { FOLLOWER_CURSOR, readCursor } from './chain-cursor.js'
import {
  decideApplication,
  findApplication,
  insertCreatorApplication,
  listApplications,
} from './creator-applications.js'
import { ping } from './health.js'
import { hiddenNote, hiddenPage, hideAsset, unhideAsset } from './hidden-assets.js'
import { subscribe, subscribers } from './newsletter.js'
import { confirmEmail, emailOf, removeEmail, setEmail } from './notification-emails.js'
import { listNotifications, markAllRead, markRead } from './notifications.js'
import {
  consoleOperations,
  countOpenOperations,
  findOperation,
  operationHistory,
  queueSignedGroup,
} from './operations.js'
import { accountFigures, creatorFigures } from './profiles.js'
import { searchAssets, suggestCreators } from './search.js'
import {
  createChallenge,
  createSession,
  findSession,
  listSessions,
  pruneChallenges,
  revokeSession,
  useChallenge,
} from './sessions.js'
import { addStaff, isStaff, lockStaff, removeStaff, staffAddresses } from './users.js'
import { unwatch, watch, watchedAssets } from './watchlist.js'

/** The functions that take a Drizzle handle, bound to one (the pool's or a transaction's). */
function onHandle(db: Db) {
  const on =
    <A extends unknown[], R>(fn: (db: Db, ...args: A) => R) =>
    (...args: A): R =>
      fn(db, ...args)
  return {
    // assets, hidden_assets
    findAsset: on(findAsset),
    findShownAsset: on(findShownAsset),
    assetNameTaken: on(assetNameTaken),
    insertSubmittedAsset: on(insertSubmittedAsset),
    bindContract: on(bindContract),
    markConfigured: on(markConfigured),
    hiddenNote: on(hiddenNote),
    hiddenPage: on(hiddenPage),
    hideAsset: on(hideAsset),
    unhideAsset: on(unhideAsset),
    // operations, and the follower's cursor
    operationHistory: on(operationHistory),
    findOperation: on(findOperation),
    countOpenOperations: on(countOpenOperations),
    queueSignedGroup: on(queueSignedGroup),
    consoleOperations: on(consoleOperations),
    followerRound: () => readCursor(db, FOLLOWER_CURSOR),
    // discovery
    priceHistory: on(priceHistory),
    salesSince: on(salesSince),
    creatorFigures: on(creatorFigures),
    accountFigures: on(accountFigures),
    // users, staff and the audit log
    isStaff: on(isStaff),
    staffAddresses: on(staffAddresses),
    addStaff: on(addStaff),
    removeStaff: on(removeStaff),
    appendAudit: on(appendAudit),
    auditPage: on(auditPage),
    insertCreatorApplication: on(insertCreatorApplication),
    listApplications: on(listApplications),
    findApplication: on(findApplication),
    decideApplication: on(decideApplication),
    subscribe: on(subscribe),
    subscribers: on(subscribers),
    // sign-in, watchlist, notifications
    createChallenge: on(createChallenge),
    useChallenge: on(useChallenge),
    pruneChallenges: on(pruneChallenges),
    createSession: on(createSession),
    findSession: on(findSession),
    listSessions: on(listSessions),
    revokeSession: on(revokeSession),
    watch: on(watch),
    unwatch: on(unwatch),
    watchedAssets: on(watchedAssets),
    listNotifications: on(listNotifications),
    markRead: on(markRead),
    markAllRead: on(markAllRead),
    emailOf: on(emailOf),
    setEmail: on(setEmail),
    confirmEmail: on(confirmEmail),
    removeEmail: on(removeEmail),
    // health
    ping: on(ping),
  }
}

/** Inside one transaction: the same functions on its connection, and its locks. */
function inTransaction(session: Session) {
  return {
    ...onHandle(session.db),
    /** Serialises changes of who is staff until the transaction ends (users.ts). */
    lockStaff: () => lockStaff(session),
  }
}

export type TransactionRepositories = ReturnType<typeof inTransaction>

export function repositoriesOf(database: Database) {
  return {
    ...onHandle(database.db),
    // The statements these prepare or plan are kept per database (asset-list.ts, search.ts).
    assetList: assetList(database),
    activityFeed: activityFeed(database),
    searchAssets: (...args: Tail<Parameters<typeof searchAssets>>) =>
      searchAssets(database, ...args),
    suggestCreators: (...args: Tail<Parameters<typeof suggestCreators>>) =>
      suggestCreators(database, ...args),
    /** Runs `fn` in one transaction (commit on success, rollback on throw). */
    transaction: <T>(fn: (tx: TransactionRepositories) => Promise<T>): Promise<T> =>
      database.transaction((session) => fn(inTransaction(session))),
  }
}

export type Repositories = ReturnType<typeof repositoriesOf>

type Tail<T extends unknown[]> = T extends [unknown, ...infer Rest] ? Rest : never
