module example.com/corpus

go 1.22

require (
	github.com/zalando/skipper v0.26.21
	github.com/schollz/croc/v9 v9.6.15
	github.com/sigstore/sigstore-go v1.1.9
	github.com/hashicorp/vault-ssh-helper v0.1.9
	github.com/open-feature/flagd/flagd v0.14.1
	k8s.io/kubernetes v1.9.5
	github.com/juev/nebula-mesh v0.3.3
	github.com/Azure/aad-pod-identity v1.8.12
	github.com/swaggo/http-swagger v1.2.5
	github.com/open-feature/open-feature-operator v0.2.31
	github.com/lima-vm/lima/v2 v2.1.2
	github.com/weaviate/weaviate v1.20.5
	github.com/StacklokLabs/mkp v0.4.0
	github.com/traefik/traefik v1.7.11
	github.com/oxia-db/oxia v0.16.1
	github.com/foxcpp/maddy v0.5.1
)
