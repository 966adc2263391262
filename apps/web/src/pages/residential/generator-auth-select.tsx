import type { SubAccount } from '@resiport/contract';
import { Flex, Select, Tag, Typography } from 'antd';
import { useIntl } from 'react-intl';
import { WHITELIST_AUTH } from '../../features/dynamic/generator-settings';
import { formatTraffic } from '../../lib/format';
import type { useAuthOptions } from './use-auth-options';

interface GeneratorAuthSelectProps {
  /** The sub-account's username or `WHITELIST_AUTH`. */
  value: string;
  /** The chosen sub-account (listed even when a search hides it). */
  chosen: SubAccount | undefined;
  authOptions: ReturnType<typeof useAuthOptions>;
  whitelistCount: number;
  onChange: (auth: string) => void;
}

/** An option (a sub-account or the whitelist) or a group of them. */
interface AuthOption {
  value?: string;
  label: string;
  sub?: SubAccount;
  options?: AuthOption[];
}

/**
 * Which credentials the lines use: one of the sub-accounts (with its traffic left, searched on the
 * server), or the account's whitelisted IPs.
 */
export function GeneratorAuthSelect(props: GeneratorAuthSelectProps) {
  const { value, chosen, authOptions, whitelistCount, onChange } = props;
  const intl = useIntl();
  const { options, searching, searchText, setSearchText } = authOptions;

  const subs = chosen && !options.some((sub) => sub.id === chosen.id) ? [chosen, ...options] : options;
  const subOptions: AuthOption[] = subs.map((sub) => ({ value: sub.username, label: sub.username, sub }));
  const whitelistLabel = intl.formatMessage({ id: 'generator.auth.whitelist' });

  return (
    <Select<string, AuthOption>
      id="gen-auth"
      data-testid="gen-auth"
      showSearch
      filterOption={false}
      searchValue={searchText}
      onSearch={setSearchText}
      onOpenChange={(open) => {
        if (!open) setSearchText('');
      }}
      loading={searching}
      value={value}
      onChange={onChange}
      options={[
        ...(subOptions.length > 0
          ? [{ label: intl.formatMessage({ id: 'generator.auth.subs' }), options: subOptions }]
          : []),
        {
          label: intl.formatMessage({ id: 'generator.auth.whitelistGroup' }),
          options: [{ value: WHITELIST_AUTH, label: whitelistLabel }],
        },
      ]}
      optionRender={(option) => {
        const { sub } = option.data;
        return (
          <Flex justify="space-between" gap={8}>
            <span>{option.data.label}</span>
            <Typography.Text type="secondary" style={{ whiteSpace: 'nowrap' }}>
              {sub === undefined ? (
                intl.formatMessage({ id: 'generator.auth.whitelistCount' }, { count: whitelistCount })
              ) : sub.status === 'disabled' ? (
                <Tag data-status="disabled" style={{ marginInlineEnd: 0 }}>
                  {intl.formatMessage({ id: 'generator.auth.subDisabled' })}
                </Tag>
              ) : (
                intl.formatMessage(
                  { id: 'generator.auth.subLeft' },
                  { traffic: formatTraffic(sub.traffic_left_bytes, intl.locale) },
                )
              )}
            </Typography.Text>
          </Flex>
        );
      }}
    />
  );
}
