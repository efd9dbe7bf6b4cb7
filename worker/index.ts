// The Worker entry point lands with the /solve API.
export default {};
