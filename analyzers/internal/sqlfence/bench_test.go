package sqlfence

import "testing"

var benchStatements = []struct{ name, sql string }{
	{"update", "UPDATE accounts SET state=$1, fence_token=$2 WHERE id=$3 AND fence_token <= $2"},
	{"upsert", "INSERT INTO accounts (id, state, fence_token) VALUES ($1, $2, $3) ON CONFLICT (id) DO UPDATE SET state = EXCLUDED.state, fence_token = EXCLUDED.fence_token WHERE accounts.fence_token <= EXCLUDED.fence_token"},
}

func BenchmarkParse(b *testing.B) {
	for _, bs := range benchStatements {
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			b.SetBytes(int64(len(bs.sql)))
			for b.Loop() {
				Parse(bs.sql)
			}
		})
	}
}

func BenchmarkFence(b *testing.B) {
	for _, bs := range benchStatements {
		st := Parse(bs.sql)
		isTok := IsArg(1, 2)
		b.Run(bs.name, func(b *testing.B) {
			b.ReportAllocs()
			for b.Loop() {
				if st.Fence(isTok) != Carried {
					b.Fatal("not carried")
				}
			}
		})
	}
}
