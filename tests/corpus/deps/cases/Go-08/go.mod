module example.com/corpus

go 1.22

require (
	github.com/aws/aws-sdk-go-v2/aws/protocol/eventstream v1.7.7
	github.com/cloudflare/gokey v0.1.9
	code.vegaprotocol.io/vega v0.71.5
	github.com/gin-contrib/cors v1.5.9
	github.com/go-git/go-git/v5 v5.17.9
	github.com/quic-go/quic-go v0.54.0
	github.com/consensys/gnark-crypto v0.12.0
	github.com/projectdiscovery/interactsh v0.9.0
	knative.dev/serving v0.38.9
	github.com/cyphar/filepath-securejoin v0.2.3
	github.com/cosmos/ibc-go/v5 v5.2.0
	github.com/sigstore/fulcio v1.8.5
	github.com/cosmos/ibc-go/v7 v7.9.9
	github.com/ElrondNetwork/elrond-go v1.3.33
	github.com/zalando/skipper v0.26.22
	github.com/schollz/croc/v9 v9.6.16
	github.com/sigstore/sigstore-go v1.2.0
	github.com/hashicorp/vault-ssh-helper v0.2.0
	github.com/open-feature/flagd/flagd v0.14.2
	k8s.io/kubernetes v1.9.6
	github.com/juev/nebula-mesh v0.3.4
	github.com/Azure/aad-pod-identity v1.8.13
	github.com/QuantumNous/new-api v1.0.0-rc.16
	github.com/swaggo/http-swagger v1.2.6
	github.com/open-feature/open-feature-operator v0.2.32
	github.com/lima-vm/lima/v2 v2.1.3
	github.com/weaviate/weaviate v1.20.6
	github.com/StacklokLabs/mkp v0.4.1
	github.com/traefik/traefik v1.7.12
	github.com/oxia-db/oxia v0.16.2
	github.com/foxcpp/maddy v0.5.2
)
