// web/api_pre.js — runs first inside app.js (emcc --pre-js): window.alloclab exists from the
// start with ready = false; web/page_api.cpp fills in the functions and sets ready = true
// once the module has loaded and the scenario from the URL fragment is in place.
if (typeof window !== 'undefined' && !window.alloclab) window.alloclab = { ready: false, version: '' };
