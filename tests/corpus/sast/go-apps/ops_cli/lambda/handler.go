// stockade-expect: annotated
package main

import (
	"context"
	"database/sql"
	"fmt"
	"net/http"
	"strconv"

	"github.com/aws/aws-lambda-go/events"
	"github.com/aws/aws-lambda-go/lambda"
)

var db *sql.DB

func handler(ctx context.Context, req events.APIGatewayProxyRequest) (events.APIGatewayProxyResponse, error) {
	customer := req.QueryStringParameters["customer"]
	// ruleid: go.sql-injection
	rows, err := db.QueryContext(ctx, "SELECT id, total FROM invoices WHERE customer = '"+customer+"'")
	if err != nil {
		return events.APIGatewayProxyResponse{StatusCode: http.StatusInternalServerError}, nil
	}
	defer rows.Close()
	// ok: go.sql-injection
	db.QueryContext(ctx, "SELECT id, total FROM invoices WHERE customer = $1", customer)
	year, err := strconv.Atoi(req.PathParameters["year"])
	if err != nil {
		return events.APIGatewayProxyResponse{StatusCode: http.StatusBadRequest}, nil
	}
	// ok: go.sql-injection
	db.QueryContext(ctx, fmt.Sprintf("SELECT count(*) FROM invoices WHERE year = %d", year))
	return events.APIGatewayProxyResponse{
		StatusCode: http.StatusOK,
		Headers:    map[string]string{"Content-Type": "text/html"},
		// ruleid: go.xss
		Body: "<h1>Invoices for " + customer + "</h1>",
	}, nil
}

func main() {
	lambda.Start(handler)
}
