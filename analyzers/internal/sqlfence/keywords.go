package sqlfence

// kw identifies a keyword (or a well-known function name) so the parser can
// compare integers instead of folding case on every check.
type kw uint8

const (
	kwNone kw = iota
	// statement verbs
	kwSELECT
	kwINSERT
	kwUPDATE
	kwDELETE
	kwMERGE
	kwREPLACE
	kwUPSERT
	kwCOPY
	kwTRUNCATE
	kwLOAD
	kwWITH
	kwVALUES
	kwVALUE
	kwTABLE
	kwSHOW
	kwDESCRIBE
	kwDESC
	kwEXPLAIN
	kwCREATE
	kwALTER
	kwDROP
	kwGRANT
	kwREVOKE
	kwCOMMENT
	kwRENAME
	kwANALYZE
	kwANALYSE
	kwVACUUM
	kwREINDEX
	kwCLUSTER
	kwREFRESH
	kwSECURITY
	kwIMPORT
	kwOPTIMIZE
	kwBEGIN
	kwSTART
	kwCOMMIT
	kwROLLBACK
	kwEND
	kwABORT
	kwSAVEPOINT
	kwRELEASE
	kwSET
	kwRESET
	kwUSE
	kwLOCK
	kwUNLOCK
	kwPREPARE
	kwDEALLOCATE
	kwDISCARD
	kwLISTEN
	kwUNLISTEN
	kwNOTIFY
	kwDECLARE
	kwFETCH
	kwCLOSE
	kwMOVE
	kwPRAGMA
	kwDO
	kwCALL
	kwEXEC
	kwEXECUTE
	kwCHECKPOINT
	kwXA
	// clauses and expression keywords
	kwFROM
	kwWHERE
	kwRETURNING
	kwORDER
	kwLIMIT
	kwOFFSET
	kwGROUP
	kwHAVING
	kwWINDOW
	kwFOR
	kwUNION
	kwINTERSECT
	kwEXCEPT
	kwINTO
	kwOUTPUT
	kwOPTION
	kwTHEN
	kwON
	kwUSING
	kwQUALIFY
	kwWHEN
	kwELSE
	kwCASE
	kwAND
	kwOR
	kwXOR
	kwNOT
	kwIS
	kwIN
	kwBETWEEN
	kwSYMMETRIC
	kwASYMMETRIC
	kwLIKE
	kwILIKE
	kwSIMILAR
	kwREGEXP
	kwRLIKE
	kwGLOB
	kwESCAPE
	kwCOLLATE
	kwNULL
	kwTRUE
	kwFALSE
	kwUNKNOWN
	kwDEFAULT
	kwDISTINCT
	kwALL
	kwEXISTS
	kwCAST
	kwTRYCAST
	kwAS
	kwARRAY
	kwINTERVAL
	kwROW
	kwISNULL
	kwNOTNULL
	kwAT
	kwDIV
	kwMOD
	kwOVER
	kwFILTER
	kwWITHIN
	kwCONFLICT
	kwDUPLICATE
	kwKEY
	kwNOTHING
	kwMATCHED
	kwBY
	kwTARGET
	kwSOURCE
	kwONLY
	kwLOWPRIORITY
	kwHIGHPRIORITY
	kwDELAYED
	kwIGNORE
	kwQUICK
	kwTOP
	kwPERCENT
	kwJOIN
	kwINNER
	kwLEFT
	kwRIGHT
	kwFULL
	kwCROSS
	kwNATURAL
	kwOUTER
	kwLATERAL
	kwRECURSIVE
	kwMATERIALIZED
	kwSHARE
	kwNO
	kwNOWAIT
	kwSKIP
	kwOF
	kwMODE
	kwUPDLOCK
	kwXLOCK
	kwHOLDLOCK
	kwCURRENT
	kwTO
	kwCONSTRAINT
	kwIF
	kwOVERRIDING
	kwSEARCH
	kwCYCLE
	kwCURRENTLIT // CURRENT_TIMESTAMP and friends: literals, not columns
	kwVERBOSE
	kwFORMAT
	kwQUERY
	kwEXTENDED
	kwASC
	kwNULLS
	kwTIME
	kwZONE
	kwANY
	kwSOME
	kwDATA
	kwINFILE
	kwOFF
	// advisory lock functions (kwAdvFirst..kwAdvLast)
	kwAdvFirst
)

// The advisory-function ids are laid out after kwAdvFirst in the order of
// advisoryFuncs; advisoryFuncs[id-kwAdvFirst] is the canonical name.
var advisoryFuncs = [...]string{
	"pg_advisory_lock",
	"pg_advisory_lock_shared",
	"pg_advisory_unlock",
	"pg_advisory_unlock_shared",
	"pg_advisory_unlock_all",
	"pg_advisory_xact_lock",
	"pg_advisory_xact_lock_shared",
	"pg_try_advisory_lock",
	"pg_try_advisory_lock_shared",
	"pg_try_advisory_xact_lock",
	"pg_try_advisory_xact_lock_shared",
	"get_lock",
	"release_lock",
	"release_all_locks",
	"is_free_lock",
	"is_used_lock",
	"sp_getapplock",
	"sp_releaseapplock",
}

var kwMap = func() map[string]kw {
	m := map[string]kw{
		"select": kwSELECT, "insert": kwINSERT, "update": kwUPDATE, "delete": kwDELETE,
		"merge": kwMERGE, "replace": kwREPLACE, "upsert": kwUPSERT, "copy": kwCOPY,
		"truncate": kwTRUNCATE, "load": kwLOAD, "with": kwWITH, "values": kwVALUES,
		"value": kwVALUE, "table": kwTABLE, "show": kwSHOW, "describe": kwDESCRIBE,
		"desc": kwDESC, "explain": kwEXPLAIN, "create": kwCREATE, "alter": kwALTER,
		"drop": kwDROP, "grant": kwGRANT, "revoke": kwREVOKE, "comment": kwCOMMENT,
		"rename": kwRENAME, "analyze": kwANALYZE, "analyse": kwANALYSE, "vacuum": kwVACUUM,
		"reindex": kwREINDEX, "cluster": kwCLUSTER, "refresh": kwREFRESH, "security": kwSECURITY,
		"import": kwIMPORT, "optimize": kwOPTIMIZE, "begin": kwBEGIN, "start": kwSTART,
		"commit": kwCOMMIT, "rollback": kwROLLBACK, "end": kwEND, "abort": kwABORT,
		"savepoint": kwSAVEPOINT, "release": kwRELEASE, "set": kwSET, "reset": kwRESET,
		"use": kwUSE, "lock": kwLOCK, "unlock": kwUNLOCK, "prepare": kwPREPARE,
		"deallocate": kwDEALLOCATE, "discard": kwDISCARD, "listen": kwLISTEN, "unlisten": kwUNLISTEN,
		"notify": kwNOTIFY, "declare": kwDECLARE, "fetch": kwFETCH, "close": kwCLOSE,
		"move": kwMOVE, "pragma": kwPRAGMA, "do": kwDO, "call": kwCALL, "exec": kwEXEC,
		"execute": kwEXECUTE, "checkpoint": kwCHECKPOINT, "xa": kwXA,
		"from": kwFROM, "where": kwWHERE, "returning": kwRETURNING, "order": kwORDER,
		"limit": kwLIMIT, "offset": kwOFFSET, "group": kwGROUP, "having": kwHAVING,
		"window": kwWINDOW, "for": kwFOR, "union": kwUNION, "intersect": kwINTERSECT,
		"except": kwEXCEPT, "into": kwINTO, "output": kwOUTPUT, "option": kwOPTION,
		"then": kwTHEN, "on": kwON, "using": kwUSING, "qualify": kwQUALIFY, "when": kwWHEN,
		"else": kwELSE, "case": kwCASE, "and": kwAND, "or": kwOR, "xor": kwXOR, "not": kwNOT,
		"is": kwIS, "in": kwIN, "between": kwBETWEEN, "symmetric": kwSYMMETRIC,
		"asymmetric": kwASYMMETRIC, "like": kwLIKE, "ilike": kwILIKE, "similar": kwSIMILAR,
		"regexp": kwREGEXP, "rlike": kwRLIKE, "glob": kwGLOB, "escape": kwESCAPE,
		"collate": kwCOLLATE, "null": kwNULL, "true": kwTRUE, "false": kwFALSE,
		"unknown": kwUNKNOWN, "default": kwDEFAULT, "distinct": kwDISTINCT, "all": kwALL,
		"exists": kwEXISTS, "cast": kwCAST, "try_cast": kwTRYCAST, "safe_cast": kwTRYCAST,
		"as": kwAS, "array": kwARRAY, "interval": kwINTERVAL, "row": kwROW,
		"isnull": kwISNULL, "notnull": kwNOTNULL, "at": kwAT, "div": kwDIV, "mod": kwMOD,
		"over": kwOVER, "filter": kwFILTER, "within": kwWITHIN, "conflict": kwCONFLICT,
		"duplicate": kwDUPLICATE, "key": kwKEY, "nothing": kwNOTHING, "matched": kwMATCHED,
		"by": kwBY, "target": kwTARGET, "source": kwSOURCE, "only": kwONLY,
		"low_priority": kwLOWPRIORITY, "high_priority": kwHIGHPRIORITY, "delayed": kwDELAYED,
		"ignore": kwIGNORE, "quick": kwQUICK, "top": kwTOP, "percent": kwPERCENT,
		"join": kwJOIN, "inner": kwINNER, "left": kwLEFT, "right": kwRIGHT, "full": kwFULL,
		"cross": kwCROSS, "natural": kwNATURAL, "outer": kwOUTER, "lateral": kwLATERAL,
		"recursive": kwRECURSIVE, "materialized": kwMATERIALIZED, "share": kwSHARE,
		"no": kwNO, "nowait": kwNOWAIT, "skip": kwSKIP, "of": kwOF, "mode": kwMODE,
		"updlock": kwUPDLOCK, "xlock": kwXLOCK, "holdlock": kwHOLDLOCK, "current": kwCURRENT,
		"to": kwTO, "constraint": kwCONSTRAINT, "if": kwIF, "iif": kwIF,
		"overriding": kwOVERRIDING, "search": kwSEARCH, "cycle": kwCYCLE,
		"current_timestamp": kwCURRENTLIT, "current_date": kwCURRENTLIT,
		"current_time": kwCURRENTLIT, "localtime": kwCURRENTLIT,
		"localtimestamp": kwCURRENTLIT, "current_user": kwCURRENTLIT,
		"session_user": kwCURRENTLIT, "current_role": kwCURRENTLIT,
		"verbose": kwVERBOSE, "format": kwFORMAT, "query": kwQUERY, "extended": kwEXTENDED,
		"asc": kwASC, "nulls": kwNULLS, "time": kwTIME, "zone": kwZONE, "any": kwANY,
		"some": kwSOME, "data": kwDATA, "infile": kwINFILE, "off": kwOFF,
	}
	for k, name := range advisoryFuncs {
		m[name] = kwAdvFirst + kw(k)
	}
	return m
}()

// lookupKw folds s to lower case in a stack buffer and looks it up; the
// map index with a converted byte slice does not allocate.
func lookupKw(s string) kw {
	if len(s) < 2 || len(s) > 32 {
		return kwNone
	}
	var buf [32]byte
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c >= 'A' && c <= 'Z' {
			c += 'a' - 'A'
		} else if c >= 0x80 {
			return kwNone
		}
		buf[i] = c
	}
	return kwMap[string(buf[:len(s)])]
}

func isAdvisory(k kw) bool { return k >= kwAdvFirst && int(k-kwAdvFirst) < len(advisoryFuncs) }
