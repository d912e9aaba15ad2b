// The official SDKs ship no types; the compatibility test drives them as untyped clients.
declare module '@tryghost/admin-api' {
  const GhostAdminAPI: new (options: { url: string; key: string; version: string }) => any;
  export default GhostAdminAPI;
}
declare module '@tryghost/content-api' {
  const GhostContentAPI: new (options: { url: string; key: string; version: string }) => any;
  export default GhostContentAPI;
}
