export {
  extractFirstLink,
  startSmtpCapture,
  type CapturedMail,
  type MailMatcher,
  type SmtpCapture,
} from './smtp-capture';
export {
  startMockOAuthProvider,
  type GoogleUser,
  type MockOAuthKind,
  type MockOAuthOptions,
  type MockOAuthProvider,
  type ProviderRequest,
  type TokenErrorCode,
  type YandexUser,
} from './mock-oauth-provider';
export {
  createScratchDatabase,
  createTemplateDatabase,
  type ScratchDatabase,
  type TemplateDatabase,
} from './scratch-database';
export { closedPort, freePort } from './free-port';
export {
  gatewayListening,
  jsonLogLines,
  serverListening,
  waitForReport,
  type GatewayListening,
  type ReportWait,
  type ServerListening,
} from './listening';
export {
  apiUrl,
  endpointClient,
  fetchTransport,
  internalSecretHeader,
  passThroughData,
  requestOf,
  successData,
  tokenHeader,
  type Answer,
  type ApiRequest,
  type ApiTransport,
  type EndpointClient,
} from './endpoint-client';
