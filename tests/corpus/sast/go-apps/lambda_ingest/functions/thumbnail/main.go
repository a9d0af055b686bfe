// stockade-expect: annotated
package main

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

func handle(ctx context.Context, ev events.S3Event) error {
	for _, rec := range ev.Records {
		key, err := url.QueryUnescape(rec.S3.Object.Key)
		if err != nil {
			return err
		}
		// ruleid: go.command-injection
		cmd := exec.Command("/bin/sh", "-c", fmt.Sprintf("convert /tmp/in/%s -thumbnail 128x128 /tmp/out.png", key))
		if err := cmd.Run(); err != nil {
			return err
		}
		// ok: go.command-injection
		cmd = exec.Command("convert", filepath.Join("/tmp/in", filepath.Base(key)), "-thumbnail", "128x128", "/tmp/out.png")
		if err := cmd.Run(); err != nil {
			return err
		}
		// ruleid: go.path-traversal
		if err := os.Remove("/tmp/in/" + key); err != nil {
			return err
		}
		// ok: go.path-traversal
		_ = os.Remove("/tmp/out.png")
	}
	return nil
}

func apiHandle(ctx context.Context, req events.APIGatewayV2HTTPRequest) (events.APIGatewayV2HTTPResponse, error) {
	name := req.QueryStringParameters["name"]
	// ruleid: go.path-traversal
	data, err := os.ReadFile(filepath.Join("/opt/thumbs", name))
	if err != nil {
		return events.APIGatewayV2HTTPResponse{StatusCode: 404}, nil
	}
	// ok: go.path-traversal
	fallback, _ := os.ReadFile(filepath.Join("/opt/thumbs", "default.png"))
	if len(data) == 0 {
		data = fallback
	}
	return events.APIGatewayV2HTTPResponse{StatusCode: 200, Body: string(data), IsBase64Encoded: true}, nil
}

func main() {
	if os.Getenv("MODE") == "api" {
		lambda.Start(apiHandle)
		return
	}
	lambda.Start(handle)
}
