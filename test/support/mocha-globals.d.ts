// wtr runs tests under mocha's globals (describe, it, ...). tsconfig has `"types": []`, so the
// globals are brought in here, once, for every test file the tsconfig includes.
/// <reference types="mocha" />
