// stockade-expect: annotated
import { Stack, StackProps } from "aws-cdk-lib";
import * as ec2 from "aws-cdk-lib/aws-ec2";
import * as rds from "aws-cdk-lib/aws-rds";
import * as iam from "aws-cdk-lib/aws-iam";
import * as lambda from "aws-cdk-lib/aws-lambda";
import * as cloudfront from "aws-cdk-lib/aws-cloudfront";
import * as origins from "aws-cdk-lib/aws-cloudfront-origins";
import { Construct } from "constructs";

export class AppStack extends Stack {
  constructor(scope: Construct, id: string, props?: StackProps) {
    super(scope, id, props);
    const vpc = new ec2.Vpc(this, "Vpc", { maxAzs: 2 });
    const sg = new ec2.SecurityGroup(this, "DbSg", { vpc });
    // ruleid: javascript.cdk-open-ingress
    sg.addIngressRule(ec2.Peer.anyIpv4(), ec2.Port.tcp(5432), "postgres from anywhere");
    // ok: javascript.cdk-open-ingress
    sg.addIngressRule(ec2.Peer.anyIpv4(), ec2.Port.tcp(443), "https");

    // ruleid: javascript.cdk-rds-unencrypted
    const db = new rds.DatabaseInstance(this, "Db", {
      engine: rds.DatabaseInstanceEngine.postgres({ version: rds.PostgresEngineVersion.VER_15 }),
      vpc,
      securityGroups: [sg],
      // ruleid: javascript.cdk-rds-publicly-accessible
      publiclyAccessible: true,
    });

    const fn = new lambda.Function(this, "Api", {
      runtime: lambda.Runtime.NODEJS_20_X,
      handler: "index.handler",
      code: lambda.Code.fromAsset("dist"),
    });
    fn.addToRolePolicy(
      new iam.PolicyStatement({
        // ruleid: javascript.cdk-iam-wildcard-action
        actions: ["dynamodb:*"],
        resources: ["*"],
      }),
    );
    // ok: javascript.cdk-iam-wildcard-action
    fn.addToRolePolicy(new iam.PolicyStatement({ actions: ["s3:GetObject"], resources: ["arn:aws:s3:::uploads/*"] }));
    // ruleid: javascript.cdk-unauthenticated-endpoint
    fn.addFunctionUrl({ authType: lambda.FunctionUrlAuthType.NONE });

    new cloudfront.Distribution(this, "Cdn", {
      defaultBehavior: {
        origin: new origins.HttpOrigin("api.example.com"),
        // ruleid: javascript.cdk-cloudfront-allow-http
        viewerProtocolPolicy: cloudfront.ViewerProtocolPolicy.ALLOW_ALL,
      },
    });
    void db;
  }
}
