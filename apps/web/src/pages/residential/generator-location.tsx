import { Flex, Select, Typography } from 'antd';
import { FormattedMessage, useIntl } from 'react-intl';
import type { GeneratorSettings } from '../../features/dynamic/generator-settings';
import {
  cityOptions,
  countryOptions,
  matchesPlace,
  offersLocations,
  type PlaceOption,
  stateOptions,
  type Places,
  type Stock,
} from '../../features/dynamic/locations';
import type { MessageId } from '../../locales/types';
import { SettingField } from './setting-field';

/** The select value of "any" (country codes are two letters, place codes never this). */
const ANY = '*';

interface GeneratorLocationProps {
  stock: Stock;
  /** The chosen country's states and cities; undefined while they load (or for any country). */
  places: Places | undefined;
  placesLoading: boolean;
  country: string | undefined;
  state: string | undefined;
  city: string | undefined;
  onChange: (change: Partial<GeneratorSettings>) => void;
}

/**
 * Country (searchable, named in the UI language), then the state and city the pool tags in it;
 * those two stay "Any" and disabled when it lists none. A pool that serves no location (the default
 * one) gets no pickers at all, only a note: every place picked there would be refused.
 */
export function GeneratorLocation(props: GeneratorLocationProps) {
  if (!offersLocations(props.stock)) {
    return (
      <Typography.Paragraph type="secondary" data-testid="gen-location-any-only">
        <FormattedMessage id="generator.location.anyOnly" />
      </Typography.Paragraph>
    );
  }
  return <LocationPickers {...props} />;
}

function LocationPickers(props: GeneratorLocationProps) {
  const { stock, places, placesLoading, country, state, city, onChange } = props;
  const intl = useIntl();
  const text = (id: MessageId) => intl.formatMessage({ id });
  const countries = countryOptions(stock, intl.locale);
  const states = places ? stateOptions(places, intl.locale) : [];
  const cities = places ? cityOptions(places, state, intl.locale) : [];
  const noPlaces =
    country !== undefined && places !== undefined && places.states.length + places.cities.length === 0;

  const hint: MessageId | undefined = noPlaces
    ? 'generator.location.noPlaces'
    : country === undefined
      ? 'generator.location.anyHint'
      : undefined;

  const fromSelect = (value: string) => (value === ANY ? undefined : value);
  const chooseState = (value: string) => {
    const next = fromSelect(value);
    const keepsCity = places?.cities.some(
      (entry) => entry.code === city && (next === undefined || entry.state === next),
    );
    onChange({ state: next, city: keepsCity ? city : undefined });
  };

  return (
    <>
      <SettingField label={text('generator.country')} htmlFor="gen-country" style={{ marginBottom: 12 }}>
        <Select<string, PlaceOption>
          id="gen-country"
          data-testid="gen-country"
          showSearch
          value={country ?? ANY}
          onChange={(value) => onChange({ country: fromSelect(value) })}
          options={[{ value: ANY, label: text('generator.country.any') }, ...countries]}
          filterOption={(input, option) => matchesPlace(input, option)}
          notFoundContent={text('generator.country.none')}
          virtual
        />
      </SettingField>
      <Flex gap={12}>
        <SettingField
          label={text('generator.state')}
          htmlFor="gen-state"
          style={{ flex: 1, marginBottom: 12 }}
        >
          <Select<string>
            id="gen-state"
            data-testid="gen-state"
            showSearch
            optionFilterProp="label"
            disabled={states.length === 0}
            loading={placesLoading}
            value={state ?? ANY}
            onChange={chooseState}
            options={[{ value: ANY, label: text('generator.state.any') }, ...states]}
          />
        </SettingField>
        <SettingField label={text('generator.city')} htmlFor="gen-city" style={{ flex: 1, marginBottom: 12 }}>
          <Select<string>
            id="gen-city"
            data-testid="gen-city"
            showSearch
            optionFilterProp="label"
            disabled={cities.length === 0}
            loading={placesLoading}
            value={city ?? ANY}
            onChange={(value) => onChange({ city: fromSelect(value) })}
            options={[{ value: ANY, label: text('generator.city.any') }, ...cities]}
          />
        </SettingField>
      </Flex>
      {hint !== undefined && (
        <Typography.Paragraph type="secondary" style={{ marginTop: -4 }}>
          <FormattedMessage id={hint} />
        </Typography.Paragraph>
      )}
    </>
  );
}
