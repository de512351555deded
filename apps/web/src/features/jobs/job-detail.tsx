import { Anchor, Avatar, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import { AREAS } from '@roam/contract/areas';
import { jobApplicantsResponseSchema } from '@roam/contract/details';
import type { jobApplicationSchema } from '@roam/contract/entities';
import { MESSAGES } from '@roam/contract/messages';
import { queryOptions, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useId, useState } from 'react';
import type { z } from 'zod';
import { areaQueryKeys } from '../../core/area-query-keys';
import { ApplicationsTable } from '../../core/details/applications-table';
import { defineDetail } from '../../core/details/detail-declaration';
import { DetailSection, FieldGrid } from '../../core/details/field-grid';
import { toSafeHref } from '../../core/details/safe-href';
import { apiRequest } from '../../lib/api-client';
import { formatDateTime } from '../../lib/format-date';
import { formatSalary } from '../../lib/format-money';
import { jobActions } from './job-list';

dayjs.extend(relativeTime);

type JobApplication = z.infer<typeof jobApplicationSchema>;

const QUESTION_KEYS = ['question1', 'question2', 'question3', 'question4'] as const;
const ANSWER_KEYS = ['answer1', 'answer2', 'answer3', 'answer4'] as const;

/** SPEC §2: an answer longer than this is cut, with a control to show all of it. */
const ANSWER_PREVIEW_LENGTH = 8;

function jobApplicationsQueryOptions(id: string) {
  const query = { status: 'All' };
  return queryOptions({
    queryKey: areaQueryKeys.applications('jobs', id, query),
    queryFn: ({ signal }) =>
      apiRequest(`/admin${AREAS.jobs.applications.path}/${encodeURIComponent(id)}`, {
        query,
        accessType: AREAS.jobs.module,
        schema: jobApplicantsResponseSchema,
        signal,
      }),
  });
}

/** An answer cut at 8 characters, with 'Show more' / 'Show less' when it is longer. */
function ExpandableAnswer({ text }: { text: string | null }) {
  const [isExpanded, setIsExpanded] = useState(false);
  const textId = useId();
  if (!text) return MESSAGES.notAvailableShort;
  if (text.length <= ANSWER_PREVIEW_LENGTH) return text;
  return (
    <Stack gap={2} align="flex-start">
      <Text id={textId} size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {isExpanded ? text : `${text.slice(0, ANSWER_PREVIEW_LENGTH)}…`}
      </Text>
      <Button
        variant="subtle"
        size="compact-xs"
        aria-expanded={isExpanded}
        aria-controls={textId}
        onClick={() => setIsExpanded((value) => !value)}
      >
        {isExpanded ? 'Show less' : 'Show more'}
      </Button>
    </Stack>
  );
}

function ResumeLink({ url }: { url: string | null }) {
  const href = toSafeHref(url, { allowSameOrigin: true });
  if (!href) return MESSAGES.notAvailableShort;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm">
      Resume
      <VisuallyHidden> (opens in a new tab)</VisuallyHidden>
    </Anchor>
  );
}

function JobApplications({ jobId }: { jobId: string }) {
  return (
    <ApplicationsTable
      query={useQuery(jobApplicationsQueryOptions(jobId))}
      columns={[
        {
          accessor: 'resume',
          title: 'Resume',
          render: (application) => <ResumeLink url={application.resume} />,
        },
        ...ANSWER_KEYS.map((key, index) => ({
          accessor: key,
          title: `Answer ${index + 1}`,
          render: (application: JobApplication) => <ExpandableAnswer text={application[key]} />,
        })),
      ]}
    />
  );
}

/** Job detail (SPEC §2: /jobs/{id}). */
const jobDetail = defineDetail({
  area: 'jobs',
  actions: jobActions,
  title: (job) => job.position,
  status: (job) => job.status,
  header: (job) => (
    <Stack gap="sm">
      <Group gap="sm" wrap="nowrap">
        <Avatar src={job.logo} name={job.company} color="initials" alt="" radius="md" size="lg" />
        <Text fw={600} size="lg">
          {job.company || MESSAGES.notAvailable}
        </Text>
      </Group>
      <FieldGrid
        cols={4}
        fields={[
          { label: 'Job type', value: job.job_type },
          {
            label: 'Created',
            value: dayjs(job.createdAt).isValid() ? (
              <time dateTime={job.createdAt} title={formatDateTime(job.createdAt)}>
                {dayjs(job.createdAt).fromNow()}
              </time>
            ) : null,
          },
          { label: 'Country', value: job.country },
          { label: 'Salary', value: formatSalary(job) },
        ]}
      />
    </Stack>
  ),
  tabs: [
    {
      label: 'Description',
      render: (job) => (
        <Stack gap="lg">
          <DetailSection title="Description">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {job.description.trim() || MESSAGES.notAvailable}
            </Text>
          </DetailSection>
          <DetailSection title="Qualification">
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {job.qualification.trim() || MESSAGES.notAvailable}
            </Text>
          </DetailSection>
        </Stack>
      ),
    },
    {
      label: 'Questions',
      render: (job) => {
        const questions = QUESTION_KEYS.flatMap((key, index) => {
          const question = job[key]?.trim();
          return question ? [{ label: `Question ${index + 1}`, value: question }] : [];
        });
        if (questions.length === 0) return <Text c="dimmed">{MESSAGES.noQuestions}</Text>;
        return <FieldGrid fields={questions} cols={1} />;
      },
    },
    { label: 'Applications', render: (job) => <JobApplications jobId={job._id} /> },
  ],
});

export default jobDetail;
