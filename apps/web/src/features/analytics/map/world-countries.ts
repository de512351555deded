import type { Feature, FeatureCollection, Geometry } from 'geojson';
import countries from 'i18n-iso-countries';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import atlas from 'world-atlas/countries-110m.json';

/**
 * The world's countries for the map, from world-atlas's Natural Earth TopoJSON bundled with the
 * panel's analytics chunk (no fetch at run time), each named by its ISO 3166-1 alpha-2 code
 * (world-atlas numbers them by ISO 3166-1 numeric; i18n-iso-countries converts).
 */
type CountriesTopology = Topology<{ countries: GeometryCollection<{ name: string }> }>;

function isCountriesTopology(value: unknown): value is CountriesTopology {
  if (typeof value !== 'object' || value === null || !('type' in value) || value.type !== 'Topology')
    return false;
  if (!('objects' in value) || typeof value.objects !== 'object' || value.objects === null) return false;
  const objects = value.objects;
  return (
    'countries' in objects &&
    typeof objects.countries === 'object' &&
    objects.countries !== null &&
    'type' in objects.countries &&
    objects.countries.type === 'GeometryCollection'
  );
}

export type CountryFeature = Feature<Geometry, { name: string; iso: string | null }>;

function loadCountries(): FeatureCollection<Geometry, { name: string; iso: string | null }> {
  const source: unknown = atlas;
  if (!isCountriesTopology(source))
    throw new Error('world-atlas: countries-110m.json is not the expected TopoJSON');
  const collection = feature(source, source.objects.countries);
  return {
    type: 'FeatureCollection',
    features: collection.features.map((country) => ({
      ...country,
      properties: {
        name: country.properties.name,
        iso: country.id === undefined ? null : (countries.numericToAlpha2(String(country.id)) ?? null),
      },
    })),
  };
}

export const WORLD_COUNTRIES = loadCountries();
