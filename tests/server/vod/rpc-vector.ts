/**
 * The VOD service's public RPC signature test vector (API.md §5): these parameters signed with GET
 * and the secret `testsecret` give `OLeaidS1JvxuMvnyHOwuJ+uX5qY=`. Read by the contract module's
 * unit test and by the server tests' own signer.
 */
export const RPC_VECTOR = {
  AccessKeyId: 'testid',
  Action: 'DescribeRegions',
  Format: 'XML',
  SignatureMethod: 'HMAC-SHA1',
  SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
  SignatureVersion: '1.0',
  Timestamp: '2016-02-23T12:46:24Z',
  Version: '2014-05-26',
};
export const RPC_VECTOR_SECRET = 'testsecret';
export const RPC_VECTOR_SIGNATURE = 'OLeaidS1JvxuMvnyHOwuJ+uX5qY=';
