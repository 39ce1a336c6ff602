declare module 'geoip-country' {
  export interface GeoCountry {
    range: [number, number];
    country: string;
  }
  const geoip: { lookup(ip: string): GeoCountry | null };
  export default geoip;
}
