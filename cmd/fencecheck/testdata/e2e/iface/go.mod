module example.com/iface

go 1.26
