// sarif_validate.js - validate SARIF files against the SARIF 2.1.0 JSON
// schema with Ajv, then check the cross-references the schema cannot express.
//
//   node sarif_validate.js NODE_MODULES FILE.sarif...
//
// NODE_MODULES holds ajv-draft-04, ajv-formats and @microsoft/jest-sarif, whose
// lib/schemas/sarif-2.1.0-rtm.5.json is the schema (draft-04).  Exit status:
// 0 every file is valid, 1 one is not (each error printed), 2 usage.
'use strict';
const fs = require('fs');
const path = require('path');

if (process.argv.length < 4) {
  console.error('usage: node sarif_validate.js NODE_MODULES FILE.sarif...');
  process.exit(2);
}
const modules = process.argv[2];
const need = (name) => require(path.join(modules, name));
const Ajv = need('ajv-draft-04');
const addFormats = need('ajv-formats');
const schemaFile = path.join(modules, '@microsoft/jest-sarif/lib/schemas/sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(fs.readFileSync(schemaFile, 'utf8'));

// unicodeRegExp off: the schema's pattern for "language" has a stray ']' that
// JavaScript rejects in unicode mode (it is valid without it).
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);

let failed = false;
function fail(file, where, msg) {
  console.log(`${file}: ${where || '/'}: ${msg}`);
  failed = true;
}

for (const file of process.argv.slice(3)) {
  let log;
  try {
    log = JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch (e) {
    fail(file, '', `not JSON: ${e.message}`);
    continue;
  }
  if (!validate(log)) {
    for (const e of validate.errors)
      fail(file, e.instancePath, `${e.message} ${JSON.stringify(e.params)}`);
    continue;
  }
  // what the schema cannot say (SARIF 2.1.0 §3.27.6, §3.4.4, §3.30)
  (log.runs || []).forEach((run, r) => {
    const rules = (run.tool.driver.rules || []);
    const bases = run.originalUriBaseIds || {};
    const checkLocation = (where, loc) => {
      const al = loc && loc.physicalLocation && loc.physicalLocation.artifactLocation;
      if (!al) return;
      if (al.uriBaseId && !(al.uriBaseId in bases))
        fail(file, where, `uriBaseId ${al.uriBaseId} is not in originalUriBaseIds`);
      if (!al.uriBaseId && !/^[a-z][a-z0-9+.-]*:/i.test(al.uri))
        fail(file, where, `relative uri ${al.uri} without a uriBaseId`);
      const reg = loc.physicalLocation.region;
      if (reg && reg.endLine !== undefined && reg.endLine < reg.startLine)
        fail(file, where, 'region ends before it starts');
      if (reg && reg.endLine === reg.startLine && reg.endColumn !== undefined && reg.endColumn < reg.startColumn)
        fail(file, where, 'region ends before it starts');
    };
    for (const [id, b] of Object.entries(bases))
      if (!/\/$/.test(b.uri)) fail(file, `/runs/${r}/originalUriBaseIds/${id}`, 'uri must end with a slash');
    (run.results || []).forEach((res, i) => {
      const where = `/runs/${r}/results/${i}`;
      if (res.ruleIndex !== undefined) {
        if (!rules[res.ruleIndex]) fail(file, where, `ruleIndex ${res.ruleIndex} is not in tool.driver.rules`);
        else if (rules[res.ruleIndex].id !== res.ruleId)
          fail(file, where, `ruleId ${res.ruleId} is not rules[${res.ruleIndex}].id ${rules[res.ruleIndex].id}`);
      }
      (res.locations || []).forEach((l, k) => checkLocation(`${where}/locations/${k}`, l));
      (res.relatedLocations || []).forEach((l, k) => checkLocation(`${where}/relatedLocations/${k}`, l));
    });
  });
}
process.exit(failed ? 1 : 0);
