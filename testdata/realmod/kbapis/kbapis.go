// Package kbapis keeps in this module's requirements the libraries that
// fencecheck's knowledge base names but that no example here uses, so that
// the knowledge-base test (analyzers/internal/model, with
// FENCECHECK_INTEGRATION=1) can resolve their entries against the real
// code. It has no code of its own: fencecheck must report nothing here.
package kbapis

import (
	_ "github.com/aws/aws-sdk-go-v2/service/s3"
	_ "github.com/aws/aws-sdk-go-v2/service/sqs"
	_ "github.com/gofrs/uuid"
	_ "github.com/gofrs/uuid/v5"
	_ "github.com/golang/protobuf/proto"
	_ "github.com/jinzhu/gorm"
	_ "github.com/onsi/gomega"
	_ "github.com/pkg/errors"
	_ "github.com/rs/zerolog"
	_ "github.com/rs/zerolog/log"
	_ "github.com/satori/go.uuid"
	_ "github.com/segmentio/ksuid"
	_ "github.com/stretchr/testify/assert"
	_ "github.com/stretchr/testify/require"
	_ "go.mongodb.org/mongo-driver/mongo"
	_ "go.uber.org/zap"
	_ "google.golang.org/protobuf/proto"
	_ "google.golang.org/protobuf/types/known/timestamppb"
	_ "gopkg.in/yaml.v3"
	_ "sigs.k8s.io/yaml"
)
