import {
  MAX_PROXY_LINES,
  proxyLineFormats,
  STICKY_MINUTES_MAX,
  STICKY_MINUTES_MIN,
  type ProxyLineFormat,
} from '@resiport/contract';
import { Flex, Input, Radio, Select, Typography } from 'antd';
import type { ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import type { AuthChoice } from '../../features/dynamic/credentials-choice';
import {
  portFor,
  proxyProtocols,
  rotations,
  WHITELIST_AUTH,
  type Gateway,
  type GeneratorSettings,
  type ProxyProtocol,
  type Rotation,
} from '../../features/dynamic/generator-settings';
import type { Places, Stock } from '../../features/dynamic/locations';
import type { MessageId } from '../../locales/types';
import { SettingField } from './setting-field';
import { SettingNumber } from './setting-number';
import { GeneratorAuthSelect } from './generator-auth-select';
import { GeneratorLocation } from './generator-location';
import type { useAuthOptions } from './use-auth-options';

const protocolText: Record<ProxyProtocol, MessageId> = {
  http: 'generator.protocol.http',
  socks5: 'generator.protocol.socks5',
};
const rotationText: Record<Rotation, MessageId> = {
  rotating: 'generator.rotation.rotating',
  sticky: 'generator.rotation.sticky',
};

interface GeneratorSettingsFormProps {
  settings: GeneratorSettings;
  update: (change: Partial<GeneratorSettings>) => void;
  stock: Stock;
  places: Places | undefined;
  placesLoading: boolean;
  gateways: readonly Gateway[];
  gateway: Gateway;
  protocol: ProxyProtocol;
  choice: AuthChoice;
  authOptions: ReturnType<typeof useAuthOptions>;
  whitelistCount: number;
  /** Whether the lines carry a username and password (else they are `HOST:PORT` and have no format). */
  withCredentials: boolean;
}

/** `<code>…</code>` in a hint: a literal the user may type, such as the `whitelist-…` user. */
const richCode = (chunks: ReactNode[]) => <Typography.Text code>{chunks}</Typography.Text>;

/** docs/product.md#proxy-settings: location, connection, credentials, how many lines and in which format. */
export function GeneratorSettingsForm(props: GeneratorSettingsFormProps) {
  const { settings, update, stock, places, placesLoading, gateways, gateway, protocol, choice } = props;
  const intl = useIntl();
  const text = (id: MessageId) => intl.formatMessage({ id });
  const rotation = settings.rotation;
  const hint = (id: MessageId, values?: Record<string, ReactNode>) => (
    <FormattedMessage id={id} values={{ ...values, code: richCode }} />
  );

  const section = (id: MessageId, first = false) => (
    <Typography.Title level={5} style={{ margin: first ? '0 0 12px' : '8px 0 12px' }}>
      <FormattedMessage id={id} />
    </Typography.Title>
  );

  return (
    <>
      {section('generator.section.location', true)}
      <GeneratorLocation
        stock={stock}
        places={places}
        placesLoading={placesLoading}
        country={settings.country}
        state={settings.state}
        city={settings.city}
        onChange={update}
      />

      {section('generator.section.connection')}
      <SettingField label={text('generator.protocol')} extra={hint('generator.protocol.hint')}>
        <Radio.Group
          data-testid="gen-protocol"
          optionType="button"
          buttonStyle="solid"
          aria-label={text('generator.protocol')}
          value={protocol}
          onChange={(event) => update({ protocol: event.target.value as ProxyProtocol })}
          options={proxyProtocols.map((value) => ({
            value,
            label: text(protocolText[value]),
            disabled: !gateway.protocols.includes(value),
          }))}
        />
      </SettingField>
      <SettingField
        label={text('generator.rotation')}
        extra={hint(
          rotation === 'sticky' ? 'generator.rotation.stickyHint' : 'generator.rotation.rotatingHint',
        )}
      >
        <Radio.Group
          data-testid="gen-rotation"
          optionType="button"
          buttonStyle="solid"
          aria-label={text('generator.rotation')}
          value={rotation}
          onChange={(event) => update({ rotation: event.target.value as Rotation })}
          options={rotations.map((value) => ({ value, label: text(rotationText[value]) }))}
        />
      </SettingField>
      {rotation === 'sticky' && (
        <SettingField
          label={text('generator.stickyMinutes')}
          htmlFor="gen-sticky-minutes"
          extra={hint('generator.stickyMinutes.hint', { min: STICKY_MINUTES_MIN, max: STICKY_MINUTES_MAX })}
        >
          <SettingNumber
            id="gen-sticky-minutes"
            value={settings.stickyMinutes}
            min={STICKY_MINUTES_MIN}
            max={STICKY_MINUTES_MAX}
            suffix={text('generator.stickyMinutes.unit')}
            width={160}
            onChange={(stickyMinutes) => update({ stickyMinutes })}
          />
        </SettingField>
      )}

      <Flex gap={12}>
        <SettingField label={text('generator.host')} htmlFor="gen-host" style={{ flex: 3 }}>
          {gateways.length > 1 ? (
            <Select<string>
              id="gen-host"
              data-testid="gen-host"
              value={gateway.hostname}
              onChange={(host) => update({ host })}
              options={gateways.map(({ hostname, region }) => ({
                value: hostname,
                label: region ? `${hostname} (${region})` : hostname,
              }))}
            />
          ) : (
            <Input id="gen-host" data-testid="gen-host" readOnly value={gateway.hostname} />
          )}
        </SettingField>
        <SettingField
          label={text('generator.port')}
          htmlFor="gen-port"
          style={{ flex: 1, minWidth: 96 }}
          extra={hint('generator.port.hint')}
        >
          <Input id="gen-port" data-testid="gen-port" readOnly value={portFor(gateway, protocol)} />
        </SettingField>
      </Flex>
      <SettingField
        label={text('generator.auth')}
        htmlFor="gen-auth"
        extra={hint(choice.kind === 'whitelist' ? 'generator.auth.whitelistHint' : 'generator.auth.subHint')}
      >
        <GeneratorAuthSelect
          value={choice.kind === 'sub' ? choice.sub.username : WHITELIST_AUTH}
          chosen={choice.kind === 'sub' ? choice.sub : undefined}
          authOptions={props.authOptions}
          whitelistCount={props.whitelistCount}
          onChange={(auth) => update({ auth })}
        />
      </SettingField>

      {section('generator.section.list')}
      <Flex gap={12} wrap>
        <SettingField
          label={text('generator.quantity')}
          htmlFor="gen-quantity"
          extra={hint('generator.quantity.hint', { max: MAX_PROXY_LINES })}
          style={{ flex: '1 1 120px' }}
        >
          <SettingNumber
            id="gen-quantity"
            value={settings.quantity}
            min={1}
            max={MAX_PROXY_LINES}
            width="100%"
            onChange={(quantity) => update({ quantity })}
          />
        </SettingField>
        <SettingField
          label={text('generator.format')}
          htmlFor="gen-format"
          extra={props.withCredentials ? undefined : hint('generator.format.whitelistHint')}
          style={{ flex: '2 1 200px' }}
        >
          <Select<ProxyLineFormat>
            id="gen-format"
            data-testid="gen-format"
            disabled={!props.withCredentials}
            value={settings.format}
            onChange={(format) => update({ format })}
            options={proxyLineFormats.map((value) => ({ value, label: value }))}
          />
        </SettingField>
      </Flex>
    </>
  );
}
