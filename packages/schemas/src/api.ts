/**
 * The REST API (docs/product.md §7), route by route: the one description the server registers its
 * routes and its OpenAPI page from, and the typed client (client.ts) calls. Paths, payloads and
 * status codes are the spec's; add routes here, never change one.
 *
 * Every error answer is an `ErrorBody` (`{detail, field: [messages]}`). Every POST needs the CSRF
 * token (CSRF_HEADER) and is rate-limited per IP (429); its body may be refused as malformed (400),
 * too large (413) or of another type (415).
 */
import { z } from 'zod'
import {
  ApplicationListQuery,
  ApplicationRecord,
  AssetDetail,
  AuditPage,
  ConsoleOperationPage,
  ConsoleOperationQuery,
  DeclineBody,
  FollowerStatus,
  HiddenPage,
  HiddenPiece,
  HideBody,
  RecordIdParam,
  StaffAddressParam,
  StaffAnswer,
  StaffList,
  SubscribersCsv,
  UnhideAnswer,
} from './admin.js'
import {
  Asset,
  AssetListQuery,
  ASSET_LIMITS,
  GuidParam,
  MEDIA_TYPES,
  SubmitAssetFields,
  ValidateAssetFields,
} from './assets.js'
import { Address, ErrorBody, FieldErrors, Page, PageQuery } from './common.js'
import { HealthAnswer, PublicConfig, TokenAnswer } from './config.js'
import {
  CompileManagerResult,
  CompileProxyBody,
  CompileResult,
  SubmitConfigurationBody,
  SubmitContractBody,
} from './contracts.js'
import {
  EmptyAnswer,
  SessionAnswer,
  SessionIdParam,
  SessionList,
  SignInBody,
  SignInChallenge,
} from './auth.js'
import { EventStream, EventsQuery } from './live.js'
import {
  EmailBody,
  EmailConfirmQuery,
  EmailSettings,
  NotificationIdParam,
  NotificationList,
  WatchAnswer,
  WatchlistAnswer,
} from './personal.js'
import {
  Operation,
  OperationListQuery,
  OperationStatus,
  SendTxAnswer,
  SendTxBody,
} from './operations.js'
import {
  AccountProfile,
  ActivityPage,
  ActivityQuery,
  CreatorProfile,
  MarketStats,
  PriceHistory,
  SearchQuery,
  SuggestionQuery,
  Suggestions,
} from './discovery.js'
import { formBody, jsonBody, route, type RouteSpec } from './route.js'
import {
  CreatorApplication,
  CreatorApplicationAnswer,
  NewsletterAnswer,
  NewsletterSubscription,
  User,
} from './users.js'

/** What every POST may answer besides its own statuses. */
const POST_ERRORS = {
  400: ErrorBody,
  403: ErrorBody,
  413: ErrorBody,
  415: ErrorBody,
  429: ErrorBody,
}

/** A staff console route's own refusals: no session (401), an account that is not staff (403). */
const STAFF_ERRORS = { 401: ErrorBody, 403: ErrorBody }
const STAFF_WRITE_ERRORS = { ...POST_ERRORS, ...STAFF_ERRORS }
const ADMIN = ['admin'] as const

/** The image of an asset form: PNG, JPEG or GIF, at most ASSET_LIMITS.imageBytes. */
const image = <Required extends boolean>(required: Required) => ({
  image: { required, maxBytes: ASSET_LIMITS.imageBytes, mediaTypes: MEDIA_TYPES },
})

/** The path parameter of a route about one account, and of one about one asset. */
const AddressParams = z.object({ address: Address })
const GuidParams = z.object({ guid: GuidParam })

/**
 * A GET of one account's or one asset's page, named by its path parameter; `errors` are its error
 * answers (a name that is not one is a 400, an asset that is not there a 404).
 */
const getOne = <
  const P extends string,
  Params extends z.ZodObject,
  A extends z.ZodType,
  const Errors extends Readonly<Record<number, z.ZodType>>,
>(
  spec: { path: P; summary: string; tags: readonly string[]; params: Params },
  answer: A,
  errors: Errors,
) => route({ method: 'GET', ...spec, responses: { 200: answer, ...errors } })

export const API = {
  getToken: route({
    method: 'GET',
    path: '/api/token/',
    summary: 'A CSRF token (and its cookie) for the X-CSRFToken header of every POST.',
    tags: ['session'],
    responses: { 200: TokenAnswer },
  }),
  getHealth: route({
    method: 'GET',
    path: '/api/health/',
    summary: 'For load balancers: the database answers.',
    tags: ['session'],
    responses: { 200: HealthAnswer },
  }),
  getConfig: route({
    method: 'GET',
    path: '/api/config/',
    summary: 'What the web app needs to reach the chain.',
    tags: ['session'],
    responses: { 200: PublicConfig },
  }),

  getUser: getOne(
    {
      path: '/api/users/:address/',
      summary: 'A user; unknown addresses are plain non-staff users.',
      tags: ['users'],
      params: AddressParams,
    },
    User,
    { 400: ErrorBody },
  ),
  submitNewsletterSubscription: route({
    method: 'POST',
    path: '/api/users/submit_newsletter_subscription/',
    summary: 'Subscribes an email to the newsletter (subscribing twice is no error).',
    tags: ['users'],
    body: jsonBody(NewsletterSubscription),
    responses: { 201: NewsletterAnswer, ...POST_ERRORS },
  }),
  submitCreatorApplication: route({
    method: 'POST',
    path: '/api/users/submit_creator_application/',
    summary: 'Applies to become a creator.',
    tags: ['users'],
    body: jsonBody(CreatorApplication),
    responses: { 201: CreatorApplicationAnswer, ...POST_ERRORS },
  }),

  listAssets: route({
    method: 'GET',
    path: '/api/assets/',
    summary:
      'Ready assets, filtered and ordered; with X-View-As naming a staff account, also its own unfinished ones.',
    tags: ['assets'],
    query: AssetListQuery,
    viewAs: true,
    responses: { 200: Page(Asset), 400: ErrorBody },
  }),
  getAsset: getOne(
    {
      path: '/api/assets/:guid/',
      summary:
        'One asset by guid, whatever its status; `hidden` says whether staff hid it from the lists.',
      tags: ['assets'],
      params: GuidParams,
    },
    AssetDetail,
    { 400: ErrorBody, 404: ErrorBody },
  ),
  validateAsset: route({
    method: 'POST',
    path: '/api/assets/validate_asset/',
    summary: 'Field errors of unit_name, name, description (multipart or JSON), and image if sent.',
    tags: ['assets'],
    body: formBody(ValidateAssetFields, image(false)),
    responses: { 200: FieldErrors, ...POST_ERRORS },
  }),
  submitAsset: route({
    method: 'POST',
    path: '/api/assets/submit_asset/',
    summary:
      'Multipart asset_id, description, image, proof (the creator-signed note, see the server README), and optionally royalty (JSON text of the v2 split).',
    tags: ['assets'],
    body: formBody(SubmitAssetFields, image(true)),
    retry: true,
    responses: { 200: Asset, 201: Asset, ...POST_ERRORS, 409: ErrorBody, 500: ErrorBody },
  }),

  compileProxy: route({
    method: 'POST',
    path: '/api/contracts/compile_proxy/',
    summary: 'The proxy program of a proxy id.',
    tags: ['contracts'],
    body: jsonBody(CompileProxyBody),
    responses: { 200: CompileResult, ...POST_ERRORS },
  }),
  compileClear: route({
    method: 'POST',
    path: '/api/contracts/compile_clear/',
    summary: "The manager's clear program.",
    tags: ['contracts'],
    responses: { 200: CompileResult, ...POST_ERRORS },
  }),
  compileManager: route({
    method: 'POST',
    path: '/api/contracts/compile_manager/',
    summary: 'The manager program and its state schema.',
    tags: ['contracts'],
    responses: { 200: CompileManagerResult, ...POST_ERRORS },
  }),
  compileEscrow: route({
    method: 'POST',
    path: '/api/contracts/compile_escrow/',
    summary: 'Retired: the escrow is the application account.',
    tags: ['contracts'],
    responses: { ...POST_ERRORS, 410: ErrorBody },
  }),
  submitContract: route({
    method: 'POST',
    path: '/api/contracts/submit_contract/',
    summary: "DA to DC, once the chain shows the manager deployed by the NFT's creator.",
    tags: ['contracts'],
    body: jsonBody(SubmitContractBody),
    retry: true,
    responses: { 200: Asset, ...POST_ERRORS, 409: ErrorBody, 500: ErrorBody },
  }),
  submitConfiguration: route({
    method: 'POST',
    path: '/api/contracts/submit_configuration/',
    summary: 'DC to RD, once the chain shows the manager configured.',
    tags: ['contracts'],
    body: jsonBody(SubmitConfigurationBody),
    retry: true,
    responses: { 200: Asset, ...POST_ERRORS, 409: ErrorBody, 500: ErrorBody },
  }),

  listOperations: route({
    method: 'GET',
    path: '/api/operations/',
    summary: 'The history of manager calls, pending sends first, then newest round first.',
    tags: ['operations'],
    query: OperationListQuery,
    responses: { 200: Page(Operation), 400: ErrorBody },
  }),
  sendTx: route({
    method: 'POST',
    path: '/api/operations/send_tx/',
    summary: 'Queues a signed trade group; 201 when new, 200 when the same group was sent before.',
    tags: ['operations'],
    body: jsonBody(SendTxBody),
    retry: true,
    responses: { 200: SendTxAnswer, 201: SendTxAnswer, ...POST_ERRORS, 500: ErrorBody },
  }),
  getOperation: route({
    method: 'GET',
    path: '/api/operations/:id',
    summary: 'Whether a sent operation is still pending, executed, or failed (and why).',
    tags: ['operations'],
    params: z.object({ id: z.string() }),
    responses: { 200: OperationStatus, 404: ErrorBody },
  }),

  // Discovery (docs/product.md §11).
  search: route({
    method: 'GET',
    path: '/api/search/',
    summary:
      'Ready assets matching q in name, unit name, creator or description (word stems, prefixes, one typo), narrowed by the list filters (market, price__gte, price__lte, creator_address); best first, or by ordering.',
    tags: ['discovery'],
    query: SearchQuery,
    responses: { 200: Page(Asset), 400: ErrorBody },
  }),
  searchSuggestions: route({
    method: 'GET',
    path: '/api/search/suggestions/',
    summary: 'A few pieces and creators for q, while the user types.',
    tags: ['discovery'],
    query: SuggestionQuery,
    responses: { 200: Suggestions, 400: ErrorBody },
  }),
  listActivity: route({
    method: 'GET',
    path: '/api/activity/',
    summary:
      'The market-wide feed of sales, listings, price changes, bids and cancellations, newest first, by cursor.',
    tags: ['discovery'],
    query: ActivityQuery,
    responses: { 200: ActivityPage, 400: ErrorBody },
  }),
  getMarketStats: route({
    method: 'GET',
    path: '/api/stats/',
    summary: 'The latest sales and the volume and number of sales over 24 hours and 7 days.',
    tags: ['discovery'],
    responses: { 200: MarketStats },
  }),
  getCreator: getOne(
    {
      path: '/api/creators/:address/',
      summary:
        "A creator's number of works, of works for sale, of sales, sales volume, and royalties earned.",
      tags: ['discovery'],
      params: AddressParams,
    },
    CreatorProfile,
    { 400: ErrorBody },
  ),
  getAccount: getOne(
    {
      path: '/api/accounts/:address/',
      summary: "A collector's number of owned pieces and their open bids.",
      tags: ['discovery'],
      params: AddressParams,
    },
    AccountProfile,
    { 400: ErrorBody },
  ),
  getPriceHistory: getOne(
    {
      path: '/api/assets/:guid/price_history/',
      summary: "An asset's sales, asks and bids over time, oldest first (the latest 500).",
      tags: ['discovery'],
      params: GuidParams,
    },
    PriceHistory,
    { 400: ErrorBody, 404: ErrorBody },
  ),

  streamEvents: route({
    method: 'GET',
    path: '/api/events',
    summary:
      'Server-Sent Events: asset changes and new operations as the chain follower commits them; resumes after Last-Event-ID.',
    tags: ['live'],
    query: EventsQuery,
    responses: { 200: EventStream, 400: ErrorBody, 503: ErrorBody },
  }),

  signInChallenge: route({
    method: 'POST',
    path: '/api/auth/challenge/',
    summary: 'A single-use sign-in challenge for this origin, good for 5 minutes.',
    tags: ['auth'],
    responses: { 201: SignInChallenge, ...POST_ERRORS },
  }),
  signIn: route({
    method: 'POST',
    path: '/api/auth/sign_in/',
    summary: 'Verifies the signed challenge and sets the HttpOnly session cookie.',
    tags: ['auth'],
    body: jsonBody(SignInBody),
    responses: { 200: SessionAnswer, ...POST_ERRORS },
  }),
  getSession: route({
    method: 'GET',
    path: '/api/auth/session/',
    summary: 'Who this session cookie signs in, if anyone.',
    tags: ['auth'],
    responses: { 200: SessionAnswer },
  }),
  signOut: route({
    method: 'POST',
    path: '/api/auth/sign_out/',
    summary: 'Revokes this session and clears its cookie.',
    tags: ['auth'],
    responses: { 200: EmptyAnswer, ...POST_ERRORS },
  }),
  listSessions: route({
    method: 'GET',
    path: '/api/auth/sessions/',
    summary: "The signed-in account's live sessions.",
    tags: ['auth'],
    responses: { 200: SessionList, 401: ErrorBody },
  }),
  revokeSession: route({
    method: 'POST',
    path: '/api/auth/sessions/:id/revoke/',
    summary: "Revokes one of the signed-in account's sessions.",
    tags: ['auth'],
    params: SessionIdParam,
    responses: { 200: EmptyAnswer, ...POST_ERRORS, 401: ErrorBody, 404: ErrorBody },
  }),

  getWatchlist: route({
    method: 'GET',
    path: '/api/watchlist/',
    summary: "The signed-in account's watched pieces, latest first.",
    tags: ['personal'],
    responses: { 200: WatchlistAnswer, 401: ErrorBody },
  }),
  watchAsset: route({
    method: 'PUT',
    path: '/api/watchlist/:guid/',
    summary: 'Adds a piece to the signed-in account’s watchlist (again: no change).',
    tags: ['personal'],
    params: z.object({ guid: GuidParam }),
    responses: { 200: WatchAnswer, ...POST_ERRORS, 401: ErrorBody, 404: ErrorBody },
  }),
  unwatchAsset: route({
    method: 'DELETE',
    path: '/api/watchlist/:guid/',
    summary: 'Removes a piece from the signed-in account’s watchlist (absent: no change).',
    tags: ['personal'],
    params: z.object({ guid: GuidParam }),
    responses: { 200: WatchAnswer, ...POST_ERRORS, 401: ErrorBody },
  }),
  listNotifications: route({
    method: 'GET',
    path: '/api/notifications/',
    summary: "The signed-in account's latest notifications and its unread count.",
    tags: ['personal'],
    responses: { 200: NotificationList, 401: ErrorBody },
  }),
  readNotification: route({
    method: 'POST',
    path: '/api/notifications/:id/read/',
    summary: 'Marks one of the signed-in account’s notifications read.',
    tags: ['personal'],
    params: NotificationIdParam,
    responses: { 200: EmptyAnswer, ...POST_ERRORS, 401: ErrorBody, 404: ErrorBody },
  }),
  readAllNotifications: route({
    method: 'POST',
    path: '/api/notifications/read_all/',
    summary: 'Marks all of the signed-in account’s notifications read.',
    tags: ['personal'],
    responses: { 200: EmptyAnswer, ...POST_ERRORS, 401: ErrorBody },
  }),
  getNotificationEmail: route({
    method: 'GET',
    path: '/api/notifications/email/',
    summary: "Where the signed-in account's notifications are mailed, if anywhere.",
    tags: ['personal'],
    responses: { 200: EmailSettings, 401: ErrorBody },
  }),
  setNotificationEmail: route({
    method: 'POST',
    path: '/api/notifications/email/',
    summary: 'Sets the address and mails it a confirmation link; nothing is mailed before.',
    tags: ['personal'],
    body: jsonBody(EmailBody),
    responses: { 200: EmailSettings, ...POST_ERRORS, 401: ErrorBody, 503: ErrorBody },
  }),
  confirmNotificationEmail: route({
    method: 'GET',
    path: '/api/notifications/email/confirm/',
    summary: 'The confirmation link: from now on, notifications are mailed to the address.',
    tags: ['personal'],
    query: EmailConfirmQuery,
    responses: { 200: z.object({ address: z.string(), confirmed: z.boolean() }), 400: ErrorBody },
  }),
  removeNotificationEmail: route({
    method: 'POST',
    path: '/api/notifications/email/remove/',
    summary: 'Stops mailing notifications and forgets the address.',
    tags: ['personal'],
    responses: { 200: EmptyAnswer, ...POST_ERRORS, 401: ErrorBody },
  }),
  // The staff console (packages/schemas src/admin.ts): every route needs a staff session.
  listApplications: route({
    method: 'GET',
    path: '/api/admin/applications/',
    summary: 'Creator applications, newest first, optionally of one status.',
    tags: ADMIN,
    query: ApplicationListQuery,
    responses: { 200: Page(ApplicationRecord), 400: ErrorBody, ...STAFF_ERRORS },
  }),
  getApplication: route({
    method: 'GET',
    path: '/api/admin/applications/:id/',
    summary: 'One creator application.',
    tags: ADMIN,
    params: RecordIdParam,
    responses: { 200: ApplicationRecord, 400: ErrorBody, ...STAFF_ERRORS, 404: ErrorBody },
  }),
  acceptApplication: route({
    method: 'POST',
    path: '/api/admin/applications/:id/accept/',
    summary: 'Accepts a pending application: its account becomes staff.',
    tags: ADMIN,
    params: RecordIdParam,
    responses: { 200: ApplicationRecord, ...STAFF_WRITE_ERRORS, 404: ErrorBody, 409: ErrorBody },
  }),
  declineApplication: route({
    method: 'POST',
    path: '/api/admin/applications/:id/decline/',
    summary: 'Declines a pending application, with an optional reason.',
    tags: ADMIN,
    params: RecordIdParam,
    body: jsonBody(DeclineBody),
    responses: { 200: ApplicationRecord, ...STAFF_WRITE_ERRORS, 404: ErrorBody, 409: ErrorBody },
  }),
  listStaff: route({
    method: 'GET',
    path: '/api/admin/staff/',
    summary: 'Every staff account.',
    tags: ADMIN,
    responses: { 200: StaffList, ...STAFF_ERRORS },
  }),
  addStaff: route({
    method: 'PUT',
    path: '/api/admin/staff/:address/',
    summary: 'Makes an account staff.',
    tags: ADMIN,
    params: StaffAddressParam,
    responses: { 200: StaffAnswer, ...STAFF_WRITE_ERRORS },
  }),
  removeStaff: route({
    method: 'DELETE',
    path: '/api/admin/staff/:address/',
    summary: 'Removes an account from staff; the last staff account cannot be removed (409).',
    tags: ADMIN,
    params: StaffAddressParam,
    responses: { 200: StaffAnswer, ...STAFF_WRITE_ERRORS, 404: ErrorBody, 409: ErrorBody },
  }),
  listHidden: route({
    method: 'GET',
    path: '/api/admin/hidden/',
    summary: 'Hidden pieces, the latest hidden first.',
    tags: ADMIN,
    query: PageQuery,
    responses: { 200: HiddenPage, 400: ErrorBody, ...STAFF_ERRORS },
  }),
  hideAsset: route({
    method: 'PUT',
    path: '/api/admin/hidden/:guid/',
    summary:
      'Hides a piece from every public list and search, with a reason; its contract is untouched.',
    tags: ADMIN,
    params: GuidParams,
    body: jsonBody(HideBody),
    responses: { 200: HiddenPiece, ...STAFF_WRITE_ERRORS, 404: ErrorBody },
  }),
  unhideAsset: route({
    method: 'DELETE',
    path: '/api/admin/hidden/:guid/',
    summary: 'Shows a hidden piece again.',
    tags: ADMIN,
    params: GuidParams,
    responses: { 200: UnhideAnswer, ...STAFF_WRITE_ERRORS, 404: ErrorBody },
  }),
  exportSubscribers: route({
    method: 'GET',
    path: '/api/admin/subscribers/',
    summary: 'Newsletter subscribers as CSV (cells that a spreadsheet would run are quoted).',
    tags: ADMIN,
    responses: { 200: SubscribersCsv, ...STAFF_ERRORS },
  }),
  listConsoleOperations: route({
    method: 'GET',
    path: '/api/admin/operations/',
    summary: 'Operations waiting to be sent, and those refused with the reason, newest first.',
    tags: ADMIN,
    query: ConsoleOperationQuery,
    responses: { 200: ConsoleOperationPage, 400: ErrorBody, ...STAFF_ERRORS },
  }),
  getFollowerStatus: route({
    method: 'GET',
    path: '/api/admin/follower/',
    summary: "The chain follower's last applied round, algod's, and the lag between them.",
    tags: ADMIN,
    responses: { 200: FollowerStatus, ...STAFF_ERRORS },
  }),
  listAudit: route({
    method: 'GET',
    path: '/api/admin/audit/',
    summary: 'The audit log of every staff action, newest first.',
    tags: ADMIN,
    query: PageQuery,
    responses: { 200: AuditPage, 400: ErrorBody, ...STAFF_ERRORS },
  }),
} satisfies Record<string, RouteSpec>

export type Api = typeof API
export type RouteName = keyof Api
