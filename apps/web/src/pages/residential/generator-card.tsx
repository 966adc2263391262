import { PlusOutlined, ShoppingCartOutlined } from '@ant-design/icons';
import { MAX_PROXY_LINES } from '@resiport/contract';
import { Button, Card, Col, Flex, message, Row, Skeleton } from 'antd';
import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { useCurrentUser } from '../../lib/current-user';
import { EmptyState } from '../../components/empty-state';
import { LoadFailed } from '../../components/load-failed';
import { useSite } from '../../components/site';
import { paths } from '../../config/paths';
import { useCities } from '../../features/dynamic/api/get-cities';
import { useDynamicWhitelist } from '../../features/dynamic/api/get-dynamic-whitelist';
import { useGateways } from '../../features/dynamic/api/get-gateways';
import { useStock } from '../../features/dynamic/api/get-stock';
import { useTestProxy } from '../../features/dynamic/api/test-proxy';
import { chooseAuth, generatorNotices } from '../../features/dynamic/credentials-choice';
import { gatewayFor, portFor } from '../../features/dynamic/generator-settings';
import { offeredCountry, offeredPlace } from '../../features/dynamic/locations';
import {
  CURL_TARGET,
  hasCredentials,
  lineCredentials,
  newSessionIds,
  proxyLines,
  proxyListFileName,
  type ProxyListSpec,
} from '../../features/dynamic/proxy-list';
import { downloadText } from '../../lib/download';
import { CodeExamples } from './code-examples';
import { GeneratorNotices } from './generator-notices';
import { GeneratorOutput } from './generator-output';
import { GeneratorSettingsForm } from './generator-settings-form';
import { ProxyTestResultAlert, type TestOutcome } from './proxy-test-result';
import { useAuthOptions } from './use-auth-options';
import { useGeneratorSettings } from './use-generator-settings';

/** Below the page header with a gap: where the lines stay while the settings scroll. */
const OUTPUT_STICKY_TOP = 72;

/**
 * The proxy list generator (docs/product.md#proxy-settings): settings on the left, kept in the URL;
 * the lines, their actions, a test through the gateway and a curl example on the right.
 */
export function ProxyGeneratorCard() {
  const intl = useIntl();
  const { app_name: appName } = useSite();
  const navigate = useNavigate();
  const user = useCurrentUser();
  const { settings, update } = useGeneratorSettings();
  const gateways = useGateways();
  const stock = useStock();
  const whitelist = useDynamicWhitelist();
  const authOptions = useAuthOptions(settings.auth);
  // A country the pool no longer offers (an old bookmark) reads as any.
  const country = offeredCountry(stock.data, settings.country);
  const cities = useCities(country);
  // Each sticky line's session: new ones on Generate (1000 ids are 10 KB; the list only slices them).
  const [sessionIds, setSessionIds] = useState(() => newSessionIds(MAX_PROXY_LINES));
  const test = useTestProxy();
  const [tested, setTested] = useState<{ key: string; outcome: TestOutcome }>();

  const whitelistCount = whitelist.data?.length ?? 0;
  const choice = chooseAuth({
    auth: settings.auth,
    named: authOptions.named,
    subs: authOptions.subs ?? [],
    whitelistCount,
  });
  const gateway = gatewayFor(gateways.data ?? [], settings.host);
  const protocol =
    gateway === undefined || gateway.protocols.includes(settings.protocol)
      ? settings.protocol
      : (gateway.protocols[0] ?? settings.protocol);
  const place = offeredPlace(country, cities.data, settings.state, settings.city);
  const isWhitelist = choice.kind === 'whitelist';

  const spec: ProxyListSpec | undefined =
    gateway === undefined || choice.kind === 'none'
      ? undefined
      : {
          endpoint: { host: gateway.hostname, port: portFor(gateway, protocol) },
          auth:
            choice.kind === 'sub'
              ? { kind: 'sub', username: choice.sub.username, password: choice.sub.password }
              : { kind: 'whitelist' },
          location: { country, state: place.state, city: place.city },
          stickyMinutes: settings.rotation === 'sticky' ? settings.stickyMinutes : undefined,
          format: settings.format,
          quantity: settings.quantity,
        };
  // At most 1000 short strings: cheap enough to build on every render.
  const lines = spec ? proxyLines(spec, sessionIds) : [];
  const first = spec ? lineCredentials(spec, sessionIds, 0) : undefined;
  const testKey = JSON.stringify([protocol, first]);

  const loading = gateways.isPending || stock.isPending || whitelist.isPending || authOptions.resolving;
  const failed = gateways.isError || stock.isError || whitelist.isError || authOptions.isError;

  const body = () => {
    if (failed) {
      return (
        <LoadFailed
          title="generator.failed"
          hint="generator.failedHint"
          onReload={() => {
            void gateways.refetch();
            void stock.refetch();
            void whitelist.refetch();
            authOptions.refetch();
          }}
        />
      );
    }
    if (loading) return <Skeleton active paragraph={{ rows: 10 }} />;
    if (gateway === undefined) {
      return <EmptyState title="generator.noGateway" hint="generator.noGatewayHint" />;
    }
    if (choice.kind === 'none' || spec === undefined) {
      return (
        <EmptyState
          testId="gen-empty"
          title="generator.empty"
          hint="generator.emptyHint"
          action={
            <Flex gap={8} justify="center" wrap>
              <Button
                type="primary"
                icon={<PlusOutlined />}
                onClick={() => void navigate(paths.addSubAccount)}
              >
                <FormattedMessage id="generator.empty.createSub" />
              </Button>
              {/* With traffic on the main account a sub-account is all that is missing. */}
              {user.traffic_left_bytes <= 0 && (
                <Button icon={<ShoppingCartOutlined />} onClick={() => void navigate(paths.newOrder)}>
                  <FormattedMessage id="dashboard.buyTraffic" />
                </Button>
              )}
            </Flex>
          }
        />
      );
    }

    const runTest = () => {
      if (first === undefined) return;
      const key = testKey;
      test.mutate(
        { protocol, username: first.username, password: first.password },
        {
          onSuccess: (result) => setTested({ key, outcome: { kind: 'answer', result } }),
          onError: (error) => setTested({ key, outcome: { kind: 'failed', message: error.message } }),
        },
      );
    };
    const sticky = spec.stickyMinutes !== undefined;
    const note = (
      <>
        {sticky ? (
          <FormattedMessage id="generator.output.stickyNote" values={{ minutes: spec.stickyMinutes }} />
        ) : (
          <FormattedMessage id="generator.output.rotatingNote" />
        )}
        {isWhitelist && (
          <>
            {' '}
            <FormattedMessage id="generator.output.whitelistNote" />
          </>
        )}
      </>
    );
    const fileName = proxyListFileName(appName, country, lines.length);

    return (
      <Flex vertical gap={16}>
        <GeneratorNotices
          list={generatorNotices(choice, user.traffic_left_bytes, whitelistCount)}
          username={choice.kind === 'sub' ? choice.sub.username : ''}
        />
        <Row gutter={[32, 16]} align="top">
          <Col xs={24} lg={10}>
            <GeneratorSettingsForm
              settings={{ ...settings, country, ...place }}
              update={update}
              stock={stock.data}
              places={country ? cities.data : undefined}
              placesLoading={country !== undefined && cities.isFetching}
              gateways={gateways.data}
              gateway={gateway}
              protocol={protocol}
              choice={choice}
              authOptions={authOptions}
              whitelistCount={whitelistCount}
              withCredentials={hasCredentials(spec)}
            />
          </Col>
          <Col xs={24} lg={14} style={{ position: 'sticky', top: OUTPUT_STICKY_TOP }}>
            <Flex vertical gap={24}>
              <GeneratorOutput
                lines={lines}
                note={note}
                onGenerate={() => {
                  setSessionIds(newSessionIds(MAX_PROXY_LINES));
                  void message.success(
                    intl.formatMessage({ id: 'generator.generated' }, { count: lines.length }),
                  );
                }}
                onDownload={() => {
                  downloadText(fileName, `${lines.join('\n')}\n`);
                  void message.success(
                    intl.formatMessage({ id: 'generator.downloaded' }, { file: fileName }),
                  );
                }}
                onTest={runTest}
                testing={test.isPending}
                testBlocked={isWhitelist ? <FormattedMessage id="generator.test.whitelist" /> : undefined}
                testResult={
                  tested?.key === testKey && !test.isPending ? (
                    <ProxyTestResultAlert outcome={tested.outcome} onClose={() => setTested(undefined)} />
                  ) : null
                }
              />
              <CodeExamples
                input={{ protocol, endpoint: spec.endpoint, credentials: first, target: CURL_TARGET }}
              />
            </Flex>
          </Col>
        </Row>
      </Flex>
    );
  };

  return <Card title={<FormattedMessage id="generator.title" />}>{body()}</Card>;
}
